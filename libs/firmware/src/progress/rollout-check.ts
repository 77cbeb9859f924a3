/**
 * What firmware.latest records for rollout progress (docs/decisions.md F18): per answer, the device, the
 * versions it asked from and what it was answered. A device reports a system and an application version;
 * the chain walks both (system first, chain.ts), so both are "the version it asked from": each is kept as its
 * chain key, `version1.version3.version4.patchVersion` (devices never report version2, F6).
 */
import type { Chain, Release } from '../releases/release';
import { type ReportedVersions, type VersionKey, chooseOffer } from '../latest/chain';

/**
 * offered: a release was offered · up_to_date: nothing above the device's versions · not_rolled_out: a release
 * above exists but is not rolled out to this device (yet) · refused: the model's smart upgrade is off (010121).
 */
export type RolloutOutcome = 'offered' | 'up_to_date' | 'not_rolled_out' | 'refused';

export const ROLLOUT_OUTCOMES: readonly RolloutOutcome[] = ['offered', 'up_to_date', 'not_rolled_out', 'refused'];

/** One firmware.latest answer as rollout progress keeps it. */
export interface RolloutCheck {
  modelId: number;
  /** Canonical MAC (12 upper-case hex digits). */
  macAddr: string;
  /** The user who asked: the answer is recorded only if the device is bound to them (SDD1); not stored. */
  userId: number;
  fromSystem: string;
  fromApp: string;
  outcome: RolloutOutcome;
  /** The release offered; 0 when none was (the outcome says why). */
  offeredReleaseId: number;
  at: Date;
}

/** `1.3.4.0`: a chain key (version1, version3, version4, patchVersion) as text. */
export function keyLabel(key: VersionKey): string {
  return key.join('.');
}

/**
 * The record of one answer of firmware.latest for a model that has a chain: `offer` is what the walk chose
 * among the releases rolled out to the device (undefined: nothing). The same walk with every release
 * eligible tells "held back by the rollout" from "up to date".
 */
export function rolloutCheckOf(chain: Chain, reported: ReportedVersions, asked: { macAddr: string; userId: number }, offer: Release | undefined, at: Date): RolloutCheck {
  const outcome: RolloutOutcome = !chain.model.smartUpgrade
    ? 'refused'
    : offer
      ? 'offered'
      : chooseOffer(chain.releases, reported, () => true)
        ? 'not_rolled_out'
        : 'up_to_date';
  return {
    modelId: chain.model.id,
    macAddr: asked.macAddr,
    userId: asked.userId,
    fromSystem: keyLabel(reported.system),
    fromApp: keyLabel(reported.app),
    outcome,
    offeredReleaseId: outcome === 'offered' && offer ? offer.id : 0,
    at,
  };
}
