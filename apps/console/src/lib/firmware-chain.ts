/**
 * A model's releases drawn as its upgrade chains: one chain per firmware type (system first, then
 * application), each in the order firmware.latest walks it — by (version1, version3, version4, patchVersion),
 * version2 carried but never compared. Interim releases are steps every device must take; inactive ones are
 * skipped by the walk, so the drawing says so.
 */
export interface ChainRelease {
  readonly id: number;
  readonly type: number;
  readonly version1: number;
  readonly version2: string;
  readonly version3: number;
  readonly version4: number;
  readonly patchVersion: number;
  readonly interim: boolean;
  readonly active: boolean;
  readonly rolloutPercent: number;
}

export const FIRMWARE_TYPES = [
  { type: 1, label: 'System firmware' },
  { type: 2, label: 'Application firmware' },
] as const;

export function compareReleases(a: ChainRelease, b: ChainRelease): number {
  const ka = [a.version1, a.version3, a.version4, a.patchVersion];
  const kb = [b.version1, b.version3, b.version4, b.patchVersion];
  for (let i = 0; i < 4; i++) if (ka[i] !== kb[i]) return ka[i] - kb[i];
  return a.id - b.id;
}

/** `3.0.12.7` (version1.version3.version4.patchVersion), with version2 as a tag when it is not "0". */
export function versionLabel(r: Pick<ChainRelease, 'version1' | 'version2' | 'version3' | 'version4' | 'patchVersion'>): string {
  const key = `${r.version1}.${r.version3}.${r.version4}.${r.patchVersion}`;
  return r.version2 && r.version2 !== '0' ? `${key} (${r.version2})` : key;
}

export interface Chain<R extends ChainRelease> {
  readonly type: number;
  readonly label: string;
  readonly releases: readonly R[];
}

/** The chains of a model, system first; a type without releases is left out. */
export function chainsOf<R extends ChainRelease>(releases: readonly R[]): Chain<R>[] {
  return FIRMWARE_TYPES.map(({ type, label }) => ({ type, label, releases: releases.filter((r) => r.type === type).sort(compareReleases) })).filter(
    (chain) => chain.releases.length > 0,
  );
}

/** What one step of the chain means for devices, in words. */
export function releaseState(r: ChainRelease): string {
  if (!r.active) return 'inactive: never offered';
  const share = r.rolloutPercent >= 100 ? 'offered to every device' : r.rolloutPercent <= 0 ? 'offered to no device yet' : `offered to ${r.rolloutPercent}% of devices`;
  return r.interim ? `interim step, ${share}` : share;
}
