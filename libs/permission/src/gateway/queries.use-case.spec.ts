import { ErrorCode, type OperationKey } from '@dcp/contracts';
import { ManualClock, type WireParamsOf, makeUser, makeUserCall } from '@dcp/testing';
import type { CameraStream } from '../streams/camera-stream';
import type { Grant } from '../grants/grant';
import { toAuthorizationRecord } from '../grants/grant.mapper';
import type { RecordInService, RecordsInServiceSource } from '../grants/records-in-service';
import { T0, makeGrant, makePermission } from '../test/factories';
import { FakeDevices, MemoryGrants, MemoryStreams, failure } from '../test/fakes';
import { CurrentServiceUseCase } from './current-service.use-case';
import { QueryNotActiveUseCase } from './query-not-active.use-case';
import { QueryValidUseCase } from './query-valid.use-case';

const DAY = 86_400_000;
const MAC = 'AABBCCDDEE01';
const user = makeUser({ userId: 7 });
const call = <K extends OperationKey>(key: K, params: WireParamsOf<K> = {}) => makeUserCall(key, user, params);

/** A record's sources as RecordsInService reads them: the grant, its plan's fields and its device's live stream. */
function recordOf(g: Grant, stream: CameraStream | undefined): RecordInService {
  const p = g.permission;
  return {
    grantId: g.grantId,
    ipcMac: g.ipcMac,
    grantStatus: g.grantStatus,
    initTime: g.initTime,
    permissionCode: p.code,
    permissionName: p.name,
    permissionType: p.type,
    durationDays: p.durationDays,
    belongServer: p.belongServer,
    channelCount: p.channelCount,
    stream: stream ? { userTag: stream.userTag, streamId: stream.streamId } : null,
  };
}

/** RecordsInService over the in-memory stores, with its rules: GrantRepository.inServiceOf's grants, CameraStreams.liveOf's streams. */
function recordsIn(grants: MemoryGrants, streams: MemoryStreams): RecordsInServiceSource {
  return {
    of: async (userId, now) => {
      const inService = await grants.inServiceOf(userId, now);
      const live = await streams.liveOf(userId, inService.flatMap((g) => (g.ipcMac ? [g.ipcMac] : [])));
      return inService.map((g) => recordOf(g, g.ipcMac ? live.get(g.ipcMac) : undefined));
    },
  };
}

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
      const useCase = new QueryValidUseCase(recordsIn(grants, new MemoryStreams()), clock);
      const res = await useCase.execute(call('queryUserIpcsValid'));
      expect(res.data).toEqual([expect.objectContaining({ grantId: a.grantId, ipcMac: MAC, grantStatus: 3 }), expect.objectContaining({ grantId: b.grantId })]);
      expect(res.extra).toEqual({ sysDate: now });
      clock.advance(DAY / 1000);
      expect((await useCase.execute(call('queryUserIpcsValid'))).data).toEqual([expect.objectContaining({ grantId: b.grantId })]);
    });

    it('answers the bytes toAuthorizationRecord gives the same grants: with a stream, without, and tied to no device', async () => {
      const now = clock.now();
      const streams = new MemoryStreams();
      const plan = makePermission({ type: 2, name: 'Cloud «7»', durationDays: 7, belongServer: 'eu', channelCount: 4 });
      const withStream = grants.add(makeGrant({ grantStatus: 3, ipcMac: MAC, startTime: now, endTime: now + DAY, permission: plan }));
      const noStream = grants.add(makeGrant({ grantStatus: 3, ipcMac: 'AABBCCDDEE02', startTime: null, endTime: now + DAY }));
      const noDevice = grants.add(makeGrant({ grantStatus: 3, startTime: now, endTime: now + DAY }));
      const stream = await streams.ensure(7, MAC);
      const res = await new QueryValidUseCase(recordsIn(grants, streams), clock).execute(call('queryUserIpcsValid'));
      const expected = [toAuthorizationRecord(withStream, stream), toAuthorizationRecord(noStream), toAuthorizationRecord(noDevice)];
      expect(JSON.stringify(res.data)).toBe(JSON.stringify(expected));
      expect(res.data).toEqual([expect.objectContaining({ userTag: stream.userTag, streamId: stream.streamId }), expect.not.objectContaining({ streamId: expect.anything() }), expect.objectContaining({ ipcMac: '', userTag: '' })]);
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
