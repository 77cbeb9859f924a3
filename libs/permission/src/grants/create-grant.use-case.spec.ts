import { ErrorCode } from '@dcp/contracts';
import { ManualClock } from '@dcp/testing';
import { T0, makePermission } from '../test/factories';
import { FakeDevices, FakeUsers, MemoryGrants, MemoryPermissions, MemoryStreams, failure } from '../test/fakes';
import { CreateGrantUseCase } from './create-grant.use-case';

const DAY = 86_400_000;

describe('create grant (operator API)', () => {
  let permissions: MemoryPermissions;
  let grants: MemoryGrants;
  let users: FakeUsers;
  let devices: FakeDevices;
  let clock: ManualClock;
  let useCase: CreateGrantUseCase;

  beforeEach(() => {
    permissions = new MemoryPermissions();
    grants = new MemoryGrants(permissions);
    users = new FakeUsers();
    devices = new FakeDevices();
    clock = new ManualClock(T0);
    permissions.rows.push(makePermission({ code: 'paid', type: 1, durationDays: 30 }), makePermission({ code: 'free', type: 2, durationDays: 7 }));
    users.add(7, 'open-7');
    devices.bind(7, 'AABBCCDDEE01');
    useCase = new CreateGrantUseCase(permissions, grants, users, devices, clock, new MemoryStreams());
  });

  it('a paid grant waits for activation (status 1), initTime = now', async () => {
    const view = await useCase.execute({ body: { openId: 'open-7', permissionCode: 'paid' } });
    expect(view).toMatchObject({ grantId: expect.any(Number), openId: 'open-7', userId: 7, ipcMac: null, permissionCode: 'paid', grantStatus: 1, initTime: clock.now(), startTime: null, endTime: null });
  });

  it('a paid grant for a device stays waiting, tied to that device (canonical MAC)', async () => {
    const view = await useCase.execute({ body: { openId: 'open-7', permissionCode: 'paid', ipcMac: 'aabbccddee01' } });
    expect(view).toMatchObject({ grantStatus: 1, ipcMac: 'AABBCCDDEE01' });
  });

  it('a free grant for a device is active at once; without a device it waits', async () => {
    expect(await useCase.execute({ body: { openId: 'open-7', permissionCode: 'free', ipcMac: 'AABBCCDDEE01' } })).toMatchObject({ grantStatus: 3, startTime: clock.now(), endTime: clock.now() + 7 * DAY });
    expect(await useCase.execute({ body: { openId: 'open-7', permissionCode: 'free' } })).toMatchObject({ grantStatus: 1, startTime: null });
  });

  it.each([
    [{ permissionCode: 'paid' }, 'openId'],
    [{ openId: 'open-7' }, 'permissionCode'],
    [{ openId: 'open-7', permissionCode: 'paid', extra: 1 }, 'extra'],
    [{ openId: 'open-7', permissionCode: 'paid', ipcMac: 'zz' }, 'ipcMac'],
  ])('refuses %j with ADMIN_VALIDATION_FAILED naming %s', async (body, field) => {
    const err = await failure(useCase.execute({ body }));
    expect(err.code).toBe(ErrorCode.ADMIN_VALIDATION_FAILED);
    expect(err.failureDetails).toContain(field);
  });

  it('unknown permission or openId → ADMIN_NOT_FOUND; a device not bound to the user → ADMIN_CONFLICT; nothing stored', async () => {
    expect((await failure(useCase.execute({ body: { openId: 'open-7', permissionCode: 'nope' } }))).code).toBe(ErrorCode.ADMIN_NOT_FOUND);
    expect((await failure(useCase.execute({ body: { openId: 'nobody', permissionCode: 'paid' } }))).code).toBe(ErrorCode.ADMIN_NOT_FOUND);
    const conflict = await failure(useCase.execute({ body: { openId: 'open-7', permissionCode: 'paid', ipcMac: 'aa:bb:cc:dd:ee:02' } }));
    expect(conflict).toEqual(expect.objectContaining({ code: ErrorCode.ADMIN_CONFLICT, failureDetails: 'device AABBCCDDEE02 is not bound to user open-7' }));
    expect(grants.rows).toHaveLength(0);
  });
});
