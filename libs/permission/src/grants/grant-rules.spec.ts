import { ErrorCode } from '@dcp/contracts';
import { makeGrant, makePermission, T0 } from '../test/factories';
import { failure } from '../test/fakes';
import { parseGrantId } from './grant';
import { assertActivatable, grantState, initialState, servicePeriod, visibleToClient } from './grant-rules';

const DAY = 86_400_000;
const MAC = 'AABBCCDDEE01';

describe('grant rules', () => {
  describe('initialState', () => {
    it('a paid grant waits for activation (1), with or without a device', () => {
      for (const mac of [null, MAC]) expect(initialState(makePermission({ type: 1 }), mac, T0)).toEqual({ grantStatus: 1, startTime: null, endTime: null });
    });

    it('a free grant given for a device is active at once for durationDays from now (3)', () => {
      for (const type of [2, 3]) expect(initialState(makePermission({ type, durationDays: 7 }), MAC, T0)).toEqual({ grantStatus: 3, startTime: T0, endTime: T0 + 7 * DAY });
    });

    it('a free grant without a device waits like a paid one (1)', () => {
      expect(initialState(makePermission({ type: 2 }), null, T0)).toEqual({ grantStatus: 1, startTime: null, endTime: null });
    });
  });

  it('servicePeriod: durationDays whole days from now', () => {
    expect(servicePeriod({ durationDays: 30 }, T0)).toEqual({ startTime: T0, endTime: T0 + 30 * DAY });
  });

  describe('assertActivatable (permission.active checks, in order)', () => {
    const check = (grant: ReturnType<typeof makeGrant> | null, userId = 7, mac = MAC) => failure(Promise.resolve().then(() => assertActivatable(grant, userId, mac, String(grant?.grantId ?? 99))));

    it('unknown grant → 883202', async () => {
      expect((await check(null)).code).toBe(ErrorCode.PERMISSION_GRANTID_RECORD_NOT_EXISTS);
    });

    it("another user's grant → 883202 (never reveals that it exists), even when it is active", async () => {
      expect((await check(makeGrant({ userId: 8 }))).code).toBe(ErrorCode.PERMISSION_GRANTID_RECORD_NOT_EXISTS);
      expect((await check(makeGrant({ userId: 8, grantStatus: 3 }))).code).toBe(ErrorCode.PERMISSION_GRANTID_RECORD_NOT_EXISTS);
    });

    it('an active grant → 883203 (second activation), before any MAC comparison', async () => {
      const err = await check(makeGrant({ grantStatus: 3, ipcMac: 'AABBCCDDEE02' }));
      expect(err.code).toBe(ErrorCode.PERMISSION_GRANT_STATUS_CANNOT_ACTIVE);
      expect(err.failureDetails).toContain('already active');
    });

    it('a revoked waiting grant → 883203 naming the reason', async () => {
      const err = await check(makeGrant({ revokedAt: T0, revokeReason: 'user-deleted' }));
      expect(err.code).toBe(ErrorCode.PERMISSION_GRANT_STATUS_CANNOT_ACTIVE);
      expect(err.failureDetails).toContain('user-deleted');
    });

    it('a grant tied to another device → 883204', async () => {
      const err = await check(makeGrant({ ipcMac: 'AABBCCDDEE02' }));
      expect(err.code).toBe(ErrorCode.PERMISSION_GRANTID_RECORD_NOT_MATCH_IPCMAC);
      expect(err.failureDetails).toContain('AABBCCDDEE02');
    });

    it('passes a waiting grant tied to no device or to this one', () => {
      expect(() => assertActivatable(makeGrant(), 7, MAC, '1')).not.toThrow();
      expect(() => assertActivatable(makeGrant({ ipcMac: MAC }), 7, MAC, '1')).not.toThrow();
    });
  });

  it('visibleToClient: supportBpi 1 sees every plan, 0 only plans without bpi', () => {
    const bpi = makeGrant({ permission: makePermission({ bpi: true }) });
    const plain = makeGrant();
    expect([bpi, plain].filter((g) => visibleToClient(g, true))).toEqual([bpi, plain]);
    expect([bpi, plain].filter((g) => visibleToClient(g, false))).toEqual([plain]);
  });

  it.each([
    ['1', 1],
    ['000042', 42],
    [' 7 ', 7],
    ['0', undefined],
    ['-3', undefined],
    ['abc', undefined],
    ['1.5', undefined],
    ['12345678901234567', undefined],
    ['9007199254740993', undefined],
  ])('parseGrantId(%j) → %s', (text, id) => {
    expect(parseGrantId(text)).toBe(id);
  });

  describe('grantState (the operator list\'s state filter)', () => {
    it('revoked whatever the status; waiting (1); active (3) until endTime, over from endTime on (end exclusive)', () => {
      expect(grantState(makeGrant({ grantStatus: 1, revokedAt: T0 }), T0)).toBe('revoked');
      expect(grantState(makeGrant({ grantStatus: 3, endTime: T0 + DAY, revokedAt: T0 }), T0)).toBe('revoked');
      expect(grantState(makeGrant({ grantStatus: 1 }), T0)).toBe('waiting');
      expect(grantState(makeGrant({ grantStatus: 3, startTime: T0 - DAY, endTime: T0 + 1 }), T0)).toBe('active');
      expect(grantState(makeGrant({ grantStatus: 3, endTime: null }), T0)).toBe('active');
      expect(grantState(makeGrant({ grantStatus: 3, startTime: T0 - DAY, endTime: T0 }), T0)).toBe('over');
    });
  });
});
