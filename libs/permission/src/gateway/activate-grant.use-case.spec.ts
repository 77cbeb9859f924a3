import { ErrorCode } from '@dcp/contracts';
import { ManualClock, type WireParamsOf, makeUser, makeUserCall } from '@dcp/testing';
import { T0, makeGrant, makePermission } from '../test/factories';
import { FakeDevices, MemoryGrants, MemoryStreams, failure } from '../test/fakes';
import { ActivateGrantUseCase } from './activate-grant.use-case';

const DAY = 86_400_000;
const MAC = 'AABBCCDDEE01';
const user = makeUser({ userId: 7 });
const call = (params: WireParamsOf<'activatePermission'>) => makeUserCall('activatePermission', user, params);

describe('permission.active', () => {
  let grants: MemoryGrants;
  let devices: FakeDevices;
  let clock: ManualClock;
  let useCase: ActivateGrantUseCase;

  beforeEach(() => {
    grants = new MemoryGrants();
    devices = new FakeDevices();
    clock = new ManualClock(T0);
    devices.bind(7, MAC);
    useCase = new ActivateGrantUseCase(grants, devices, clock, new MemoryStreams());
  });

  it('activates a waiting grant on the user\'s device: status 3, MAC, period from now, client details stored; no data', async () => {
    const g = grants.add(makeGrant({ permission: makePermission({ durationDays: 30 }) }));
    await expect(useCase.execute(call({ grantId: String(g.grantId), ipcMac: 'aa-bb-cc-dd-ee-01', exceptionInfo: 'none', appClientVersion: '3.2.1' }))).resolves.toEqual({});
    expect(grants.rows[0]).toMatchObject({ grantStatus: 3, ipcMac: MAC, startTime: clock.now(), endTime: clock.now() + 30 * DAY, exceptionInfo: 'none', appClientVersion: '3.2.1' });
  });

  it('a second activation → 883203', async () => {
    const g = grants.add(makeGrant());
    await useCase.execute(call({ grantId: String(g.grantId), ipcMac: MAC }));
    expect((await failure(useCase.execute(call({ grantId: String(g.grantId), ipcMac: MAC })))).code).toBe(ErrorCode.PERMISSION_GRANT_STATUS_CANNOT_ACTIVE);
  });

  it('unknown, non-positive or another user\'s grant → 883202', async () => {
    const other = grants.add(makeGrant({ userId: 8 }));
    for (const grantId of ['424242', '0', '-1', String(other.grantId)]) {
      expect((await failure(useCase.execute(call({ grantId, ipcMac: MAC })))).code).toBe(ErrorCode.PERMISSION_GRANTID_RECORD_NOT_EXISTS);
    }
  });

  it('a grant tied to another device → 883204; a malformed ipcMac → 000006', async () => {
    const g = grants.add(makeGrant({ ipcMac: 'AABBCCDDEE02' }));
    expect((await failure(useCase.execute(call({ grantId: String(g.grantId), ipcMac: MAC })))).code).toBe(ErrorCode.PERMISSION_GRANTID_RECORD_NOT_MATCH_IPCMAC);
    // A malformed ipcMac never reaches the use case: the catalogue refuses it.
    expect(() => call({ grantId: String(g.grantId), ipcMac: 'not-a-mac' })).toThrow(expect.objectContaining({ code: ErrorCode.FC_INVALID_PARAMETER, failureDetails: expect.stringContaining('ipcMac') }));
  });

  it('a device that is not the user\'s → 020041, grant unchanged', async () => {
    const g = grants.add(makeGrant());
    const err = await failure(useCase.execute(call({ grantId: String(g.grantId), ipcMac: 'AABBCCDDEE09' })));
    expect(err.code).toBe(ErrorCode.FC_ACCOUNT_USER_IPC_SETTING_NOT_EXISTS);
    expect(grants.rows[0]).toMatchObject({ grantStatus: 1, ipcMac: null });
  });

  it('a device unbound while the grant was being activated: the grant goes back to waiting (with its MAC) and the caller gets 020041', async () => {
    const g = grants.add(makeGrant({ ipcMac: MAC }));
    const find = devices.findUserDevice.bind(devices);
    let calls = 0;
    devices.findUserDevice = async (userId, mac) => (++calls === 1 ? find(userId, mac) : null);
    expect((await failure(useCase.execute(call({ grantId: String(g.grantId), ipcMac: MAC })))).code).toBe(ErrorCode.FC_ACCOUNT_USER_IPC_SETTING_NOT_EXISTS);
    expect(grants.rows[0]).toMatchObject({ grantStatus: 1, ipcMac: MAC, startTime: null, endTime: null });
  });

  it('losing the conditional update to a concurrent activation → 883203', async () => {
    const g = grants.add(makeGrant());
    const [a, b] = await Promise.allSettled([useCase.execute(call({ grantId: String(g.grantId), ipcMac: MAC })), useCase.execute(call({ grantId: String(g.grantId), ipcMac: MAC }))]);
    const outcomes = [a, b].map((r) => (r.status === 'fulfilled' ? 'ok' : (r.reason as { code: string }).code)).sort();
    expect(outcomes).toEqual([ErrorCode.PERMISSION_GRANT_STATUS_CANNOT_ACTIVE, 'ok'].sort());
  });
});
