import { ErrorCode, type OperationKey } from '@dcp/contracts';
import { ManualClock, type WireParamsOf, makeUser, makeUserCall } from '@dcp/testing';
import { T0, makeGrant, makePermission } from '../test/factories';
import { FakeDevices, MemoryGrants, MemoryStreams, failure } from '../test/fakes';
import { CurrentServiceUseCase } from './current-service.use-case';
import { QueryNotActiveUseCase } from './query-not-active.use-case';
import { QueryValidUseCase } from './query-valid.use-case';

const DAY = 86_400_000;
const MAC = 'AABBCCDDEE01';
const user = makeUser({ userId: 7 });
const call = <K extends OperationKey>(key: K, params: WireParamsOf<K> = {}) => makeUserCall(key, user, params);

describe('gateway queries', () => {
  let grants: MemoryGrants;
  let devices: FakeDevices;
  let clock: ManualClock;

  beforeEach(() => {
    grants = new MemoryGrants();
    devices = new FakeDevices();
    clock = new ManualClock(T0);
  });

  describe('permission.query_user_not_active', () => {
    it('lists the user\'s waiting grants; supportBpi 0 leaves out BPI plans; sysDate = now in ms', async () => {
      const plain = grants.add(makeGrant());
      const bpi = grants.add(makeGrant({ permission: makePermission({ bpi: true }) }));
      grants.add(makeGrant({ grantStatus: 3, startTime: clock.now(), endTime: clock.now() + DAY }));
      grants.add(makeGrant({ revokedAt: clock.now(), revokeReason: 'user-deleted' }));
      grants.add(makeGrant({ userId: 8 }));
      const useCase = new QueryNotActiveUseCase(grants, clock, new MemoryStreams());
      const all = await useCase.execute(call('queryUserNotActive', { supportBpi: '1' }));
      expect((all.data as { grantId: number }[]).map((r) => r.grantId)).toEqual([plain.grantId, bpi.grantId]);
      expect(all.extra).toEqual({ sysDate: clock.now() });
      const noBpi = await useCase.execute(call('queryUserNotActive', { supportBpi: '0' }));
      expect((noBpi.data as { grantId: number }[]).map((r) => r.grantId)).toEqual([plain.grantId]);
    });
  });

  describe('permission.query_user_ipcs_valid', () => {
    it('lists grants in service on any device; not ended, not revoked, not waiting', async () => {
      const now = clock.now();
      const a = grants.add(makeGrant({ grantStatus: 3, ipcMac: MAC, startTime: now, endTime: now + DAY }));
      const b = grants.add(makeGrant({ grantStatus: 3, ipcMac: 'AABBCCDDEE02', startTime: now, endTime: now + 2 * DAY }));
      grants.add(makeGrant({ grantStatus: 3, ipcMac: MAC, startTime: now - 2 * DAY, endTime: now - 1 }));
      grants.add(makeGrant({ grantStatus: 3, ipcMac: MAC, startTime: now, endTime: now + DAY, revokedAt: now }));
      grants.add(makeGrant());
      const useCase = new QueryValidUseCase(grants, clock, new MemoryStreams());
      const res = await useCase.execute(call('queryUserIpcsValid'));
      expect(res.data).toEqual([expect.objectContaining({ grantId: a.grantId, ipcMac: MAC, grantStatus: 3 }), expect.objectContaining({ grantId: b.grantId })]);
      expect(res.extra).toEqual({ sysDate: now });
      clock.advance(DAY / 1000);
      expect((await useCase.execute(call('queryUserIpcsValid'))).data).toEqual([expect.objectContaining({ grantId: b.grantId })]);
    });
  });

  describe('fcmall.get_current_service', () => {
    it('a device that is not the user\'s → 020041; a malformed macAddr → 000006', async () => {
      const useCase = new CurrentServiceUseCase(grants, devices, clock);
      expect((await failure(useCase.execute(call('getCurrentService', { macAddr: MAC })))).code).toBe(ErrorCode.FC_ACCOUNT_USER_IPC_SETTING_NOT_EXISTS);
      expect(() => call('getCurrentService', { macAddr: 'xyz' })).toThrow(expect.objectContaining({ code: ErrorCode.FC_INVALID_PARAMETER }));
    });

    it('answers the grant in service on that device, in any MAC spelling', async () => {
      devices.bind(7, MAC, 0);
      const now = clock.now();
      grants.add(makeGrant({ grantStatus: 3, ipcMac: MAC, startTime: now, endTime: now + DAY, permission: makePermission({ name: 'Cloud 1', durationDays: 1 }) }));
      const useCase = new CurrentServiceUseCase(grants, devices, clock);
      const res = await useCase.execute(call('getCurrentService', { macAddr: 'aa:bb:cc:dd:ee:01' }));
      expect(res.data).toEqual({ userId: 7, macAddr: MAC, name: 'Cloud 1', description: 'Cloud 1', startTime: now, endTime: now + DAY, validity: '1 day', status: 3, flag: 1 });
    });
  });
});
