import { md5Hex } from '@dcp/signing';
import { FORCE_UNBIND_WINDOW_SECONDS, insideWindow, parseTimeStamp, signMatches, skewSeconds, usedSignExpiry } from './force-unbind-rules';

describe('force-unbind rules', () => {
  const now = Date.UTC(2026, 0, 15, 12, 0, 0) + 700; // 700 ms into a second
  const nowS = Math.floor(now / 1000);

  describe('timeStamp', () => {
    it('reads 10 digits as seconds and 13 as milliseconds', () => {
      expect(parseTimeStamp(String(nowS))).toEqual({ value: nowS, unit: 's' });
      expect(parseTimeStamp(String(now))).toEqual({ value: now, unit: 'ms' });
    });

    it.each(['', 'abc', '-1700000000', '1700000000.5', ' 1700000000', '1e9', '0x6553f100', '１７'])('refuses %j (not plain decimal digits)', (raw) => {
      expect(parseTimeStamp(raw)).toBeUndefined();
    });

    it(`accepts ±${FORCE_UNBIND_WINDOW_SECONDS} s in whole seconds, refuses one second more`, () => {
      for (const off of [0, 300, -300]) expect(insideWindow(parseTimeStamp(String(nowS + off))!, now)).toBe(true);
      for (const off of [301, -301]) expect(insideWindow(parseTimeStamp(String(nowS + off))!, now)).toBe(false);
    });

    it('accepts ±300 000 ms exactly for milliseconds, refuses 1 ms more', () => {
      for (const off of [0, 300_000, -300_000]) expect(insideWindow(parseTimeStamp(String(now + off))!, now)).toBe(true);
      for (const off of [300_001, -300_001]) expect(insideWindow(parseTimeStamp(String(now + off))!, now)).toBe(false);
    });

    it('treats other lengths by magnitude: short values are far in the past, long ones far in the future', () => {
      expect(insideWindow(parseTimeStamp('0')!, now)).toBe(false);
      expect(insideWindow(parseTimeStamp('99999999999999999999')!, now)).toBe(false);
      expect(skewSeconds(parseTimeStamp(String(nowS - 10))!, now)).toBe(-10);
    });

    it('keeps a used sign until 360 s after its timeStamp (the window plus a minute of replica clock drift)', () => {
      expect(usedSignExpiry(parseTimeStamp(String(nowS))!).getTime()).toBe((nowS + 360) * 1000);
      expect(usedSignExpiry(parseTimeStamp(String(now))!).getTime()).toBe(now + 360_000);
    });
  });

  describe('sign = MD5(mac + timeStamp + delKey)', () => {
    const delKey = 'k'.repeat(32);
    const params = { mac: 'aa-bb-cc-dd-ee-ff', timeStamp: String(nowS) };
    const sign = md5Hex(`aa-bb-cc-dd-ee-ff${nowS}${delKey}`);

    it('matches over the values exactly as sent, in either hex case', () => {
      expect(signMatches({ ...params, sign }, delKey)).toBe(true);
      expect(signMatches({ ...params, sign: sign.toUpperCase() }, delKey)).toBe(true);
    });

    it('does not match another MAC spelling, timeStamp or key, nor malformed hex', () => {
      expect(signMatches({ ...params, mac: 'AA:BB:CC:DD:EE:FF', sign }, delKey)).toBe(false);
      expect(signMatches({ ...params, timeStamp: String(nowS + 1), sign }, delKey)).toBe(false);
      expect(signMatches({ ...params, sign }, 'other-key')).toBe(false);
      expect(signMatches({ ...params, sign: sign.slice(1) }, delKey)).toBe(false);
      expect(signMatches({ ...params, sign: `${sign}00` }, delKey)).toBe(false);
      expect(signMatches({ ...params, sign: '' }, delKey)).toBe(false);
    });
  });
});
