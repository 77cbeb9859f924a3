/**
 * Rollout progress of one model (operator API): distinct devices that asked firmware.latest over the last
 * 24 h and 7 d (PROGRESS_WINDOWS, each from its first whole hour: countedFrom), by the version they asked
 * from, by answer, and per release of the model the devices it was offered to — read from the summary the
 * recorder keeps (a few rows per breakdown and hour, whatever the fleet: docs/decisions.md F24). Unknown
 * model → ADMIN_NOT_FOUND. This replica's queued answers are written first, so its own answers so far are
 * counted (another replica's wait at most FLUSH_INTERVAL_MS). Only rows written are counted: answers for
 * devices not bound to the user who asked never are (SDD1).
 */
import { Inject, Injectable } from '@nestjs/common';
import { FIRMWARE_TYPE, type ModelProgressView, PROGRESS_WINDOWS, FIRMWARE_RPC } from '@dcp/contracts';
import { RUNTIME_CLOCK, type Clock, ServesRpc } from '@dcp/runtime';
import { compareKeys, keyOf, type VersionKey } from '../latest/chain';
import { type Chain, modelNotFound } from '../releases/release';
import { ReleaseRepository, type ReleaseStore } from '../releases/release.repository';
import { keyLabel } from './rollout-check';
import { RolloutCheckRepository, type RolloutCheckStore } from './rollout-check.repository';
import { RolloutRecorder } from './rollout-recorder';
import { type DeviceCounts, type ProgressCounts, countedFrom } from './rollout-summary';

@Injectable()
export class ModelProgressUseCase {
  constructor(
    @Inject(ReleaseRepository) private readonly releases: ReleaseStore,
    @Inject(RolloutCheckRepository) private readonly checks: RolloutCheckStore,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
    private readonly recorder: RolloutRecorder,
  ) {}

  @ServesRpc(FIRMWARE_RPC.modelProgress, 'admin.model_progress')
  async execute(request: { machineTypeName: string }): Promise<ModelProgressView> {
    await this.recorder.flush();
    const chain = await this.releases.modelWithAllReleases(request.machineTypeName);
    if (!chain) throw modelNotFound(request.machineTypeName);
    const asOf = this.clock.now();
    const counts = await this.checks.progress(chain.model.id, {
      from24h: new Date(countedFrom(asOf - PROGRESS_WINDOWS.last24h)),
      from7d: new Date(countedFrom(asOf - PROGRESS_WINDOWS.last7d)),
    });
    return toProgressView(chain, counts, asOf);
  }
}

const NONE: DeviceCounts = { last24h: 0, last7d: 0 };

/** `1.3.4.0` back to its key, for ordering versions numerically (1.10 after 1.9). */
const parseKey = (label: string): VersionKey => {
  const [a = 0, b = 0, c = 0, d = 0] = label.split('.').map(Number);
  return [a, b, c, d];
};

function byVersion(type: number, counts: Map<string, DeviceCounts>): ModelProgressView['fromVersions'] {
  return [...counts.entries()]
    .sort(([a], [b]) => compareKeys(parseKey(a), parseKey(b)))
    .map(([version, devices]) => ({ type, version, devices }));
}

function toProgressView(chain: Chain, counts: ProgressCounts, asOf: number): ModelProgressView {
  const releases = [...chain.releases].sort((a, b) => a.type - b.type || compareKeys(keyOf(a), keyOf(b)));
  return {
    machineTypeName: chain.model.machineTypeName,
    asOf,
    devices: counts.devices,
    answers: {
      offered: counts.byOutcome.offered,
      upToDate: counts.byOutcome.up_to_date,
      notRolledOut: counts.byOutcome.not_rolled_out,
      refused: counts.byOutcome.refused,
    },
    fromVersions: [...byVersion(FIRMWARE_TYPE.system, counts.bySystemVersion), ...byVersion(FIRMWARE_TYPE.app, counts.byAppVersion)],
    releases: releases.map((r) => ({
      id: r.id,
      type: r.type,
      key: keyLabel(keyOf(r)),
      version2: r.version2,
      interim: r.interim,
      active: r.active,
      rolloutPercent: r.rolloutPercent,
      offered: counts.byRelease.get(r.id) ?? NONE,
    })),
  };
}
