/**
 * firmware.latest (spec 2.9, 4.4): the release the device should install next. Checks in order: parameters
 * (macAddr 000006, versions 010026) → the model has a chain (010120) → it supports smart upgrade (010121).
 * Then system firmware before application firmware, each by the chain walk (chain.ts) among the releases
 * rolled out to this device (rollout.ts). Found: `data` = spec 2.9 record, top-level `remind` = its remind.
 * Up to date: no `data`, `remind` 0. A database failure answers 003301 (FC_SQLEXCEPTION, spec 7.2).
 * Every answer for a model with a chain (an offer, nothing, 010121) is queued for rollout progress
 * (progress/rollout-check.ts); RolloutRecorder writes the queue in batches, so recording neither delays nor
 * changes an answer. A MAC the caller does not own is answered all the same (apps ask during set-up, before
 * they bind the device); RolloutRecorder records only the answers for devices bound to the caller (SDD1).
 */
import { Inject, Injectable, Logger } from '@nestjs/common';
import { RUNTIME_CLOCK, type Clock, ServesOperation } from '@dcp/runtime';
import { type CallOf, ErrorCode, FIRMWARE_TYPE, type GatewayResult, type ParamsOf, PlatformError } from '@dcp/contracts';
import type { Chain } from '../releases/release';
import { ReleaseRepository, type ReleaseStore } from '../releases/release.repository';
import { FirmwareMetrics, type OfferMetrics } from '../common/firmware-metrics';
import { type ReportedVersions, chainPosition, chooseOffer } from './chain';
import { toFirmwareRecord } from './firmware-record.mapper';
import { isRolledOutTo } from './rollout';
import { rolloutCheckOf } from '../progress/rollout-check';
import { RolloutRecorder } from '../progress/rollout-recorder';

@Injectable()
export class LatestFirmwareUseCase {
  private readonly logger = new Logger('firmware-latest');

  constructor(
    @Inject(ReleaseRepository) private readonly releases: ReleaseStore,
    @Inject(FirmwareMetrics) private readonly metrics: OfferMetrics,
    private readonly progress: RolloutRecorder,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
  ) {}

  @ServesOperation('firmwareLatest')
  async execute({ params, user }: CallOf<'firmwareLatest'>): Promise<GatewayResult> {
    // oemCode is accepted and ignored: releases belong to models, not to brands.
    const query = { macAddr: params.macAddr, machineTypeName: params.machineTypeName, reported: reportedVersions(params) };
    const chain = await this.chainOf(query.machineTypeName);
    if (!chain || chain.releases.length === 0) throw new PlatformError(ErrorCode.PT_FIRMWARE_LINK_NOT_EXISTS, `model ${query.machineTypeName} has no firmware upgrade chain`);
    const now = new Date(this.clock.now());
    // Answered whoever owns the device (apps ask before binding it); recorded only if it is the caller's (SDD1).
    const asked = { macAddr: query.macAddr, userId: user.userId };
    if (!chain.model.smartUpgrade) {
      this.progress.record(rolloutCheckOf(chain, query.reported, asked, undefined, now));
      throw new PlatformError(ErrorCode.PT_FIRMWARE_NOT_SUPPORT_UPGRADE, `model ${query.machineTypeName} does not support smart upgrade`);
    }

    const offer = chooseOffer(chain.releases, query.reported, (r) => isRolledOutTo(r, query.macAddr));
    this.progress.record(rolloutCheckOf(chain, query.reported, asked, offer, now));
    if (!offer) {
      this.metrics.offered('none');
      return { extra: { remind: 0 } };
    }
    this.metrics.offered(offer.type === FIRMWARE_TYPE.system ? 'system' : 'app');
    return { data: toFirmwareRecord(offer, chainPosition(chain.releases, offer)), extra: { remind: offer.remind } };
  }

  private async chainOf(machineTypeName: string): Promise<Chain | null> {
    try {
      return await this.releases.chainOf(machineTypeName);
    } catch (err) {
      this.logger.error(`firmware lookup of ${machineTypeName} failed: ${(err as Error).message}`);
      throw new PlatformError(ErrorCode.FC_SQLEXCEPTION, 'firmware lookup failed: database error');
    }
  }
}

/** The versions the device runs, system and application, each with the shared patchVersion (absent = 0). */
function reportedVersions(p: ParamsOf<'firmwareLatest'>): ReportedVersions {
  const patch = p.patchVersion ?? 0;
  return { system: [p.sysVersion1, p.sysVersion3, p.sysVersion4, patch], app: [p.appVersion1, p.appVersion3, p.appVersion4, patch] };
}
