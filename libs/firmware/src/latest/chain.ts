/**
 * The upgrade chain walk of firmware.latest (docs/decisions.md, firmware). A release's place in the chain of
 * its model and type is its key (version1, version3, version4, patchVersion); version2 is carried, never
 * compared. Devices report the system firmware as (sysVersion1, sysVersion3, sysVersion4, patchVersion) and
 * the application as (appVersion1, appVersion3, appVersion4, patchVersion).
 */
import { FIRMWARE_TYPE } from '@dcp/contracts';

export type VersionKey = readonly [number, number, number, number];

/** What the walk needs of a release. */
export interface ChainRelease {
  id: number;
  type: number;
  version1: number;
  version3: number;
  version4: number;
  patchVersion: number;
  interim: boolean;
  active: boolean;
}

/** What the device reported, one key per firmware type. */
export interface ReportedVersions {
  system: VersionKey;
  app: VersionKey;
}

export function keyOf(r: Pick<ChainRelease, 'version1' | 'version3' | 'version4' | 'patchVersion'>): VersionKey {
  return [r.version1, r.version3, r.version4, r.patchVersion];
}

/** Component by component: negative when a < b. */
export function compareKeys(a: VersionKey, b: VersionKey): number {
  for (let i = 0; i < 4; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}

const byKey = (a: ChainRelease, b: ChainRelease) => compareKeys(keyOf(a), keyOf(b));

/**
 * The release of one chain the device should install next, walking the active releases above the reported
 * key (never a downgrade, never the same) from the lowest: an interim release must be installed before
 * anything above it, so the first interim one is offered when the device is eligible for it, and ends the
 * walk when it is not (the device waits for its rollout). Otherwise the highest eligible release below any
 * such barrier. Undefined: nothing to install.
 */
export function nextInChain<R extends ChainRelease>(chain: readonly R[], reported: VersionKey, eligible: (r: R) => boolean): R | undefined {
  const above = chain.filter((r) => r.active && compareKeys(keyOf(r), reported) > 0).sort(byKey);
  let best: R | undefined;
  for (const release of above) {
    if (release.interim) return eligible(release) ? release : best;
    if (eligible(release)) best = release;
  }
  return best;
}

/** System firmware first: the application chain is only considered when no system release is due. */
export function chooseOffer<R extends ChainRelease>(releases: readonly R[], reported: ReportedVersions, eligible: (r: R) => boolean): R | undefined {
  return (
    nextInChain(
      releases.filter((r) => r.type === FIRMWARE_TYPE.system),
      reported.system,
      eligible,
    ) ??
    nextInChain(
      releases.filter((r) => r.type === FIRMWARE_TYPE.app),
      reported.app,
      eligible,
    )
  );
}

/** seqNo: 1-based rank of the release among the active releases of its chain; newest: 1 when it is the last. */
export function chainPosition(releases: readonly ChainRelease[], release: ChainRelease): { seqNo: number; newest: 0 | 1 } {
  const chain = releases.filter((r) => r.active && r.type === release.type).sort(byKey);
  const seqNo = chain.findIndex((r) => r.id === release.id) + 1;
  return { seqNo, newest: seqNo === chain.length ? 1 : 0 };
}
