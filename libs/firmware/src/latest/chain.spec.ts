import { fakeRelease } from '../test/fakes';
import type { Release } from '../releases/release';
import { chainPosition, chooseOffer, compareKeys, nextInChain, type VersionKey } from './chain';

const sys = (v1: number, v3: number, v4: number, patchVersion = 0, extra: Partial<Release> = {}) => fakeRelease({ type: 1, version1: v1, version3: v3, version4: v4, patchVersion, ...extra });
const app = (v1: number, v3: number, v4: number, patchVersion = 0, extra: Partial<Release> = {}) => fakeRelease({ type: 2, version1: v1, version3: v3, version4: v4, patchVersion, ...extra });
const all = () => true;
const ids = (r: Release | undefined) => r?.id;

describe('compareKeys', () => {
  it('compares component by component, numerically (1.10 is above 1.9)', () => {
    expect(compareKeys([1, 10, 0, 0], [1, 9, 0, 0])).toBeGreaterThan(0);
    expect(compareKeys([1, 2, 3, 4], [1, 2, 3, 4])).toBe(0);
    expect(compareKeys([1, 2, 3, 0], [1, 2, 3, 1])).toBeLessThan(0);
    expect(compareKeys([2, 0, 0, 0], [1, 99, 99, 99])).toBeGreaterThan(0);
  });
});

describe('nextInChain: the chain walk of one type', () => {
  it('offers the highest release above the reported version when none is interim', () => {
    const chain = [sys(1, 0, 0), sys(1, 1, 0), sys(1, 2, 0), sys(1, 3, 0)];
    expect(ids(nextInChain(chain, [1, 0, 0, 0], all))).toBe(chain[3].id);
  });

  it('never offers a downgrade or the same version', () => {
    const chain = [sys(1, 0, 0), sys(1, 1, 0)];
    expect(nextInChain(chain, [1, 1, 0, 0], all)).toBeUndefined();
    expect(nextInChain(chain, [1, 5, 0, 0], all)).toBeUndefined();
    expect(nextInChain(chain, [9, 0, 0, 0], all)).toBeUndefined();
  });

  it('stops at an interim release, then goes on from it once installed', () => {
    const chain = [sys(1, 0, 0), sys(1, 1, 0, 0, { interim: true }), sys(1, 2, 0), sys(2, 0, 0, 0, { interim: true }), sys(2, 1, 0)];
    expect(ids(nextInChain(chain, [1, 0, 0, 0], all))).toBe(chain[1].id);
    expect(ids(nextInChain(chain, [1, 1, 0, 0], all))).toBe(chain[3].id);
    expect(ids(nextInChain(chain, [1, 2, 0, 0], all))).toBe(chain[3].id);
    expect(ids(nextInChain(chain, [2, 0, 0, 0], all))).toBe(chain[4].id);
    expect(nextInChain(chain, [2, 1, 0, 0], all)).toBeUndefined();
  });

  it('offers the interim release itself when it is the highest above the device', () => {
    const chain = [sys(1, 0, 0), sys(1, 1, 0, 0, { interim: true })];
    expect(ids(nextInChain(chain, [1, 0, 0, 0], all))).toBe(chain[1].id);
  });

  it('orders by patch version after version4: 1.2.3 < 1.2.3 p1 < 1.2.3 p2 < 1.2.4', () => {
    const p1 = sys(1, 2, 3, 1);
    const p2 = sys(1, 2, 3, 2);
    const next = sys(1, 2, 4, 0);
    expect(ids(nextInChain([p1, p2], [1, 2, 3, 0], all))).toBe(p2.id);
    expect(ids(nextInChain([p1, p2], [1, 2, 3, 1], all))).toBe(p2.id);
    expect(nextInChain([p1, p2], [1, 2, 3, 2], all)).toBeUndefined();
    expect(ids(nextInChain([p1, p2, next], [1, 2, 3, 9], all))).toBe(next.id);
    expect(nextInChain([p1], [1, 2, 3, 5], all)).toBeUndefined();
  });

  it('ignores version2: it neither orders releases nor makes the same key newer', () => {
    const low = sys(1, 2, 0, 0, { version2: 'zz-platform' });
    const high = sys(1, 3, 0, 0, { version2: 'aa-platform' });
    expect(ids(nextInChain([high, low], [1, 0, 0, 0], all))).toBe(high.id);
    expect(nextInChain([low], [1, 2, 0, 0], all)).toBeUndefined();
  });

  it('leaves out inactive releases and releases the device is not eligible for (rollout)', () => {
    const chain = [sys(1, 1, 0), sys(1, 2, 0), sys(1, 3, 0, 0, { active: false })];
    expect(ids(nextInChain(chain, [1, 0, 0, 0], all))).toBe(chain[1].id);
    expect(ids(nextInChain(chain, [1, 0, 0, 0], (r) => r.id !== chain[1].id))).toBe(chain[0].id);
  });

  it('never lets a device past an interim release it is not rolled out to yet: it waits, or takes what lies below', () => {
    const interimNotYet = [sys(1, 1, 0, 0, { interim: true }), sys(1, 2, 0)];
    expect(nextInChain(interimNotYet, [1, 0, 0, 0], (r) => r.id !== interimNotYet[0].id)).toBeUndefined();
    const belowBarrier = [sys(1, 1, 0), sys(1, 2, 0, 0, { interim: true }), sys(1, 3, 0)];
    expect(ids(nextInChain(belowBarrier, [1, 0, 0, 0], (r) => r.id !== belowBarrier[1].id))).toBe(belowBarrier[0].id);
    expect(ids(nextInChain(belowBarrier, [1, 0, 0, 0], all))).toBe(belowBarrier[1].id);
  });
});

describe('chooseOffer: system firmware before application firmware', () => {
  const reported = (system: VersionKey, appKey: VersionKey) => ({ system, app: appKey });

  it('offers a due system release first, even when an application release is due too', () => {
    const s = sys(2, 0, 0);
    const a = app(5, 0, 0);
    expect(ids(chooseOffer([a, s], reported([1, 0, 0, 0], [1, 0, 0, 0]), all))).toBe(s.id);
  });

  it('offers the application release once the system firmware is up to date', () => {
    const s = sys(2, 0, 0);
    const a = app(5, 0, 0);
    expect(ids(chooseOffer([a, s], reported([2, 0, 0, 0], [1, 0, 0, 0]), all))).toBe(a.id);
    expect(chooseOffer([a, s], reported([2, 0, 0, 0], [5, 0, 0, 0]), all)).toBeUndefined();
  });

  it('compares system releases with the system versions and application releases with the app versions', () => {
    const s = sys(3, 0, 0);
    const a = app(3, 0, 0);
    expect(ids(chooseOffer([s, a], reported([4, 0, 0, 0], [2, 0, 0, 0]), all))).toBe(a.id);
    expect(ids(chooseOffer([s, a], reported([2, 0, 0, 0], [4, 0, 0, 0]), all))).toBe(s.id);
  });
});

describe('chainPosition', () => {
  it('seqNo is the 1-based rank among the active releases of the same type; newest marks the last', () => {
    const releases = [sys(1, 2, 0), sys(1, 0, 0), app(9, 0, 0), sys(1, 1, 0, 0, { active: false }), sys(1, 3, 0)];
    expect(chainPosition(releases, releases[1])).toEqual({ seqNo: 1, newest: 0 });
    expect(chainPosition(releases, releases[0])).toEqual({ seqNo: 2, newest: 0 });
    expect(chainPosition(releases, releases[4])).toEqual({ seqNo: 3, newest: 1 });
    expect(chainPosition(releases, releases[2])).toEqual({ seqNo: 1, newest: 1 });
  });
});
