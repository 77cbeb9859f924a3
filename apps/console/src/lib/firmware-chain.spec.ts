import { type ChainRelease, chainsOf, releaseState, versionLabel } from './firmware-chain';

const release = (id: number, type: number, v: [number, number, number, number], extra: Partial<ChainRelease> = {}): ChainRelease => ({
  id,
  type,
  version1: v[0],
  version2: '0',
  version3: v[1],
  version4: v[2],
  patchVersion: v[3],
  interim: false,
  active: true,
  rolloutPercent: 100,
  ...extra,
});

describe('firmware chains', () => {
  it('orders each chain as firmware.latest walks it, component by component, system first', () => {
    const chains = chainsOf([release(1, 2, [1, 0, 0, 0]), release(2, 1, [1, 10, 0, 0]), release(3, 1, [1, 9, 0, 0]), release(4, 1, [1, 9, 0, 1])]);
    expect(chains.map((c) => c.label)).toEqual(['System firmware', 'Application firmware']);
    expect(chains[0].releases.map((r) => r.id)).toEqual([3, 4, 2]);
  });

  it('leaves out a type without releases', () => {
    expect(chainsOf([release(1, 2, [1, 0, 0, 0])]).map((c) => c.type)).toEqual([2]);
    expect(chainsOf([])).toEqual([]);
  });

  it('labels versions with version2 as a tag only when it says something', () => {
    expect(versionLabel(release(1, 1, [3, 0, 12, 7]))).toBe('3.0.12.7');
    expect(versionLabel({ ...release(1, 1, [3, 0, 12, 7]), version2: 'T31' })).toBe('3.0.12.7 (T31)');
  });

  it('says what a step means for devices', () => {
    expect(releaseState(release(1, 1, [1, 0, 0, 0], { active: false }))).toBe('inactive: never offered');
    expect(releaseState(release(1, 1, [1, 0, 0, 0], { rolloutPercent: 25, interim: true }))).toBe('interim step, offered to 25% of devices');
    expect(releaseState(release(1, 1, [1, 0, 0, 0], { rolloutPercent: 0 }))).toBe('offered to no device yet');
    expect(releaseState(release(1, 1, [1, 0, 0, 0]))).toBe('offered to every device');
  });
});
