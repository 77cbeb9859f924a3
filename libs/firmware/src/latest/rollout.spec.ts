import { isRolledOutTo, rolloutBucket } from './rollout';

/** Canonical MACs (12 upper-case hex digits). */
const macOf = (i: number) => `02${[24, 16, 8, 0].map((s) => ((i >>> s) & 0xff).toString(16).padStart(2, '0')).join('').toUpperCase()}01`;

describe('staged rollout', () => {
  it('bucket = first 4 bytes of SHA-256("<MAC as AA:BB:CC:DD:EE:FF>:<release id>") as unsigned int, mod 100', () => {
    // SHA-256("AA:BB:CC:DD:EE:FF:1") starts 4e8fb6b7 = 1318041271 → 71: the values pinned before the canonical
    // MAC became 12 hex digits (D1), unchanged for the canonical form (F17).
    expect(rolloutBucket('AABBCCDDEEFF', 1)).toBe(71);
    expect(rolloutBucket('AABBCCDDEEFF', 2)).toBe(74);
  });

  it('puts a device in the same bucket whatever spelling of its MAC it is given (buckets did not move with D1)', () => {
    for (const spelling of ['AABBCCDDEEFF', 'AA:BB:CC:DD:EE:FF', 'aa-bb-cc-dd-ee-ff', 'aabbccddeeff']) {
      expect(rolloutBucket(spelling, 1)).toBe(71);
      expect(rolloutBucket(spelling, 2)).toBe(74);
    }
    for (let i = 0; i < 200; i++) {
      const canonical = macOf(i);
      expect(rolloutBucket(canonical, 42)).toBe(rolloutBucket(canonical.match(/../g)!.join(':'), 42));
    }
  });

  it('refuses what is not a MAC (the caller passes a validated one)', () => {
    expect(() => rolloutBucket('not-a-mac', 1)).toThrow(/not a MAC address/);
  });

  it('is stable per device and release', () => {
    for (let i = 0; i < 50; i++) expect(rolloutBucket(macOf(i), 42)).toBe(rolloutBucket(macOf(i), 42));
  });

  it('reaches a share of devices roughly proportional to rolloutPercent', () => {
    const macs = Array.from({ length: 10_000 }, (_, i) => macOf(i));
    for (const percent of [1, 10, 30, 50, 90]) {
      const reached = macs.filter((mac) => isRolledOutTo({ id: 7, rolloutPercent: percent }, mac)).length / macs.length;
      expect(Math.abs(reached - percent / 100)).toBeLessThan(0.02);
    }
  });

  it('0% reaches no device, 100% every device', () => {
    for (let i = 0; i < 500; i++) {
      expect(isRolledOutTo({ id: 3, rolloutPercent: 0 }, macOf(i))).toBe(false);
      expect(isRolledOutTo({ id: 3, rolloutPercent: 100 }, macOf(i))).toBe(true);
    }
  });

  it('raising the percentage only adds devices (a device once reached stays reached)', () => {
    for (let i = 0; i < 500; i++) {
      const mac = macOf(i);
      let reached = false;
      for (let p = 0; p <= 100; p += 5) {
        const now = isRolledOutTo({ id: 9, rolloutPercent: p }, mac);
        if (reached) expect(now).toBe(true);
        reached = now;
      }
    }
  });

  it('different releases choose different devices', () => {
    const macs = Array.from({ length: 1000 }, (_, i) => macOf(i));
    const a = macs.filter((mac) => isRolledOutTo({ id: 1, rolloutPercent: 50 }, mac));
    const b = macs.filter((mac) => isRolledOutTo({ id: 2, rolloutPercent: 50 }, mac));
    expect(a).not.toEqual(b);
  });
});
