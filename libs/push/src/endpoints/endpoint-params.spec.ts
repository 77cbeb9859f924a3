import { PlatformError } from '@dcp/contracts';
import { parseDeviceSet, parseProvider, parseToken } from './endpoint-params';

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    const e = err as PlatformError;
    return [e.code, e.failureDetails];
  }
  throw new Error('not refused');
};

describe('push endpoint parameters', () => {
  it('names a provider in any letter case; anything else is 000006 naming provider', () => {
    expect(parseProvider('FCM')).toBe('fcm');
    expect(parseProvider(' apns ')).toBe('apns');
    expect(refusal(() => parseProvider('sms'))).toEqual(['FC_INVALID_PARAMETER', 'invalid parameter provider: is fcm, apns, webhook (was "sms")']);
  });

  it('checks each provider\'s token form; APNs tokens are kept lower-case', () => {
    expect(parseToken('fcm', 'dGVzdA:APA91bHun4MxP5egoKMwt2KZFBaFUH-1RYqx')).toBe('dGVzdA:APA91bHun4MxP5egoKMwt2KZFBaFUH-1RYqx');
    expect(parseToken('apns', 'AB'.repeat(32))).toBe('ab'.repeat(32));
    expect(parseToken('webhook', 'user 42')).toBe('user 42');
    expect(refusal(() => parseToken('fcm', 'short'))[1]).toMatch(/^invalid parameter token: is not an FCM registration token/);
    expect(refusal(() => parseToken('fcm', 'x'.repeat(30) + '/'))[1]).toMatch(/token/);
    expect(refusal(() => parseToken('apns', 'ab'.repeat(31)))[1]).toMatch(/64 to 200 hex digits/);
    expect(refusal(() => parseToken('apns', 'zz'.repeat(32)))[1]).toMatch(/hex digits/);
    expect(refusal(() => parseToken('webhook', ' padded'))[1]).toMatch(/blanks/);
  });

  it('reads a device set in any MAC spelling, deduplicated and sorted; empty is every device', () => {
    expect(parseDeviceSet(undefined)).toEqual([]);
    expect(parseDeviceSet('')).toEqual([]);
    expect(parseDeviceSet('aa:bb:cc:dd:ee:02, AABBCCDDEE01,aa-bb-cc-dd-ee-02,')).toEqual(['AABBCCDDEE01', 'AABBCCDDEE02']);
    expect(refusal(() => parseDeviceSet('AABBCCDDEE01,nope'))).toEqual(['FC_INVALID_PARAMETER', 'invalid parameter devIds: "nope" is not a MAC address']);
    const many = Array.from({ length: 101 }, (_v, i) => `AABBCC${i.toString(16).padStart(6, '0')}`).join(',');
    expect(refusal(() => parseDeviceSet(many))[1]).toBe('invalid parameter devIds: names more than 100 devices');
  });
});
