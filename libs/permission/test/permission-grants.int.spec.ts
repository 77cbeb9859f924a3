/**
 * Catalogue, grants and the four gateway operations against real PostgreSQL: admin refusals, activation
 * (including many concurrent activations of one grant: exactly one wins), the queries and the current service.
 */
import { ErrorCode, PERMISSION_RPC } from '@dcp/contracts';
import { describeWithInfra } from '@dcp/testing';
import { type PermissionHarness, type TestUser, rejection, startPermissionHarness } from './permission-harness';

const DAY_S = 86_400;
const MAC = 'AABBCCDDEE01';
const MAC2 = 'AABBCCDDEE02';

describeWithInfra(['postgres'], 'permission-service: catalogue, grants and activation (PostgreSQL)', () => {
  let h: PermissionHarness;
  let ann: TestUser;

  beforeAll(async () => {
    h = await startPermissionHarness();
    await h.rpc(PERMISSION_RPC.createPermission, { body: { permissionCode: 'paid-30', permissionName: 'Cloud 30 days', permissionType: 1, durationDays: 30, belongServer: 'cloud', channelCount: 2 } });
    await h.rpc(PERMISSION_RPC.createPermission, { body: { permissionCode: 'free-7', permissionName: 'Free week', permissionType: 2, durationDays: 7 } });
    await h.rpc(PERMISSION_RPC.createPermission, { body: { permissionCode: 'bpi-30', permissionName: 'BPI 30', permissionType: 1, durationDays: 30, bpi: true } });
    ann = h.user();
    h.bind(ann, MAC, 1);
    h.bind(ann, MAC2, 0);
  });
  afterAll(() => h?.close());

  const grant = (openId: string, permissionCode: string, ipcMac?: string) => h.rpc(PERMISSION_RPC.createGrant, { body: { openId, permissionCode, ...(ipcMac ? { ipcMac } : {}) } });
  const activate = (user: TestUser, grantId: number | string, ipcMac = MAC, extra: Record<string, string> = {}) => h.gateway('permission.active', user, { grantId: String(grantId), ipcMac, ...extra });

  it('catalogue: a duplicate code → ADMIN_CONFLICT; the list holds each plan once with its defaults', async () => {
    const dup = await rejection(h.rpc(PERMISSION_RPC.createPermission, { body: { permissionCode: 'paid-30', permissionName: 'again', permissionType: 1, durationDays: 1 } }));
    expect(dup.code).toBe(ErrorCode.ADMIN_CONFLICT);
    const list = await h.rpc(PERMISSION_RPC.listPermissions, {});
    expect(list.total).toBe(3);
    expect(list.items.find((p) => p.permissionCode === 'free-7')).toMatchObject({ belongServer: '', channelCount: 1, bpi: false });
  });

  it('grants: statuses at creation, stored grantId is a long, refusals name what is wrong', async () => {
    const paid = await grant(ann.openId, 'paid-30');
    expect(paid).toMatchObject({ grantStatus: 1, userId: ann.userId, openId: ann.openId, ipcMac: null, initTime: h.clock.now() });
    const free = await grant(ann.openId, 'free-7', 'aa-bb-cc-dd-ee-02');
    expect(free).toMatchObject({ grantStatus: 3, ipcMac: MAC2, startTime: h.clock.now(), endTime: h.clock.now() + 7 * DAY_S * 1000 });
    const { rows } = await h.sql.query(`SELECT pg_typeof(id)::text AS t FROM permission."grant" WHERE id = $1`, [paid.grantId]);
    expect(rows[0].t).toBe('bigint');
    expect(await h.rpc(PERMISSION_RPC.getGrant, { grantId: String(paid.grantId) })).toEqual(paid);

    expect((await rejection(grant('nobody', 'paid-30'))).code).toBe(ErrorCode.ADMIN_NOT_FOUND);
    expect((await rejection(grant(ann.openId, 'no-plan'))).code).toBe(ErrorCode.ADMIN_NOT_FOUND);
    const conflict = await rejection(grant(ann.openId, 'paid-30', 'AA:BB:CC:DD:EE:99'));
    expect(conflict).toMatchObject({ code: ErrorCode.ADMIN_CONFLICT, failureDetails: `device AABBCCDDEE99 is not bound to user ${ann.openId}` });
    expect((await rejection(grant(ann.openId, 'paid-30', 'nope'))).code).toBe(ErrorCode.ADMIN_VALIDATION_FAILED);
    for (const grantId of ['abc', '0', '99999999', '123456789012345678901']) expect((await rejection(h.rpc(PERMISSION_RPC.getGrant, { grantId }))).code).toBe(ErrorCode.ADMIN_NOT_FOUND);
    const mine = await h.rpc(PERMISSION_RPC.listGrants, { openId: ann.openId });
    expect(mine.items.map((g) => g.grantId)).toEqual(expect.arrayContaining([paid.grantId, free.grantId]));
    expect(mine.items.every((g) => g.openId === ann.openId)).toBe(true);
  });

  it('many concurrent activations of one grant: exactly one succeeds, the others answer 883203', async () => {
    const user = h.user();
    h.bind(user, MAC);
    const g = await grant(user.openId, 'paid-30');
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => activate(user, g.grantId)));
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => (r.reason as { code: string }).code);
    expect(ok).toHaveLength(1);
    expect(refused).toEqual(Array(7).fill(ErrorCode.PERMISSION_GRANT_STATUS_CANNOT_ACTIVE));
    const { rows } = await h.sql.query(`SELECT grant_status, ipc_mac FROM permission."grant" WHERE id = $1`, [g.grantId]);
    expect(rows).toEqual([{ grant_status: 3, ipc_mac: MAC }]);
  });

  it('activation: checks in order, stores the client details and starts the period; the queries follow', async () => {
    const user = h.user();
    const other = h.user();
    h.bind(user, MAC);
    const paid = await grant(user.openId, 'paid-30');
    const bpi = await grant(user.openId, 'bpi-30');
    const pinned = await grant(user.openId, 'paid-30', MAC);
    const others = await grant(other.openId, 'paid-30');

    const waiting = await h.gateway('permission.query_user_not_active', user, { supportBpi: '1' });
    expect((waiting.data as { grantId: number }[]).map((r) => r.grantId)).toEqual([paid.grantId, bpi.grantId, pinned.grantId]);
    expect(waiting.extra).toEqual({ sysDate: h.clock.now() });
    expect((await h.gateway('permission.query_user_not_active', user, { supportBpi: '0' })).data).toEqual([
      expect.objectContaining({ grantId: paid.grantId, ipcMac: '' }),
      expect.objectContaining({ grantId: pinned.grantId, ipcMac: MAC, permissionValue: 30, channelCount: 2, belongServer: 'cloud', userTag: '' }),
    ]);

    expect((await rejection(activate(user, 999_999_999))).code).toBe(ErrorCode.PERMISSION_GRANTID_RECORD_NOT_EXISTS);
    expect((await rejection(activate(user, others.grantId))).code).toBe(ErrorCode.PERMISSION_GRANTID_RECORD_NOT_EXISTS);
    h.bind(user, MAC2);
    expect((await rejection(activate(user, pinned.grantId, MAC2))).code).toBe(ErrorCode.PERMISSION_GRANTID_RECORD_NOT_MATCH_IPCMAC);
    expect((await rejection(activate(user, paid.grantId, 'AA:BB:CC:DD:EE:77'))).code).toBe(ErrorCode.FC_ACCOUNT_USER_IPC_SETTING_NOT_EXISTS);

    const at = h.clock.now();
    await expect(activate(user, paid.grantId, 'aabbccddee01', { exceptionInfo: 'camera offline once', appClientVersion: '5.1.0' })).resolves.toEqual({});
    const { rows } = await h.sql.query(`SELECT grant_status, ipc_mac, start_time, end_time, exception_info, app_client_version FROM permission."grant" WHERE id = $1`, [paid.grantId]);
    expect(rows[0]).toEqual({ grant_status: 3, ipc_mac: MAC, start_time: new Date(at), end_time: new Date(at + 30 * DAY_S * 1000), exception_info: 'camera offline once', app_client_version: '5.1.0' });
    expect((await rejection(activate(user, paid.grantId))).code).toBe(ErrorCode.PERMISSION_GRANT_STATUS_CANNOT_ACTIVE);

    const valid = await h.gateway('permission.query_user_ipcs_valid', user);
    expect(valid.data).toEqual([expect.objectContaining({ grantId: paid.grantId, grantStatus: 3, ipcMac: MAC })]);
    expect((await h.gateway('fcmall.get_current_service', user, { macAddr: MAC })).data).toMatchObject({ status: 3, flag: 1, name: 'Cloud 30 days', startTime: at, endTime: at + 30 * DAY_S * 1000, validity: '30 days' });

    h.clock.advance(30 * DAY_S);
    expect((await h.gateway('permission.query_user_ipcs_valid', user)).data).toEqual([]);
    // Period over; the device supports cloud storage, so the free 8-hour service is what remains.
    expect((await h.gateway('fcmall.get_current_service', user, { macAddr: MAC })).data).toMatchObject({ status: 3, flag: 2, validity: '8 hours', startTime: null });
  });

  it('a device unbound while its grant is being activated: the grant goes back to waiting, the caller gets 020041', async () => {
    const user = h.user();
    h.bind(user, MAC, 1, 1); // answers "bound" once, then the device is gone
    const g = await grant(user.openId, 'paid-30');
    expect((await rejection(activate(user, g.grantId))).code).toBe(ErrorCode.FC_ACCOUNT_USER_IPC_SETTING_NOT_EXISTS);
    const { rows } = await h.sql.query(`SELECT grant_status, ipc_mac, start_time, revoked_at FROM permission."grant" WHERE id = $1`, [g.grantId]);
    expect(rows).toEqual([{ grant_status: 1, ipc_mac: null, start_time: null, revoked_at: null }]);
    expect((await h.gateway('permission.query_user_ipcs_valid', user)).data).toEqual([]);
  });

  it('current service: no service on a device without cloud storage, 020041 for a device that is not the user\'s', async () => {
    const user = h.user();
    h.bind(user, MAC, 0);
    expect((await h.gateway('fcmall.get_current_service', user, { macAddr: 'aa:bb:cc:dd:ee:01' })).data).toEqual({ userId: user.userId, macAddr: MAC, name: '', description: '', startTime: null, endTime: null, validity: '', status: 0, flag: 0 });
    expect((await rejection(h.gateway('fcmall.get_current_service', user, { macAddr: MAC2 }))).code).toBe(ErrorCode.FC_ACCOUNT_USER_IPC_SETTING_NOT_EXISTS);
  });
});

describeWithInfra(['postgres'], 'permission-service: list filters of the catalogue and the grants (PostgreSQL)', () => {
  let h: PermissionHarness;
  beforeAll(async () => {
    h = await startPermissionHarness();
    for (const body of [
      { permissionCode: 'cloud-30', permissionName: 'Cloud 30 days', permissionType: 1, durationDays: 30 },
      { permissionCode: 'free-7', permissionName: 'Free week', permissionType: 2, durationDays: 7 },
      { permissionCode: 'promo_100', permissionName: '100% off', permissionType: 3, durationDays: 1 },
      { permissionCode: 'promoX100', permissionName: 'Promo X', permissionType: 3, durationDays: 1 },
    ]) {
      await h.rpc(PERMISSION_RPC.createPermission, { body });
    }
  });
  afterAll(() => h?.close());

  const codes = async (request: Record<string, unknown>) => {
    const page = await h.rpc(PERMISSION_RPC.listPermissions, request);
    return { codes: page.items.map((p) => p.permissionCode), total: page.total };
  };

  it('catalogue: q in the code or name, any letter case, % and _ taken literally; permissionType; total counts the filtered list', async () => {
    expect(await codes({ q: 'CLOUD' })).toEqual({ codes: ['cloud-30'], total: 1 });
    expect(await codes({ q: ' week ' })).toEqual({ codes: ['free-7'], total: 1 });
    expect(await codes({ q: '%' })).toEqual({ codes: ['promo_100'], total: 1 });
    expect(await codes({ q: '_1' })).toEqual({ codes: ['promo_100'], total: 1 });
    expect(await codes({ permissionType: '3' })).toEqual({ codes: ['promo_100', 'promoX100'], total: 2 });
    expect(await codes({ q: 'promo', permissionType: '3', limit: 1, offset: 1 })).toEqual({ codes: ['promoX100'], total: 2 });
    expect(await codes({ q: 'promo', permissionType: '1' })).toEqual({ codes: [], total: 0 });
    expect(await codes({ q: '' })).toEqual({ codes: ['cloud-30', 'free-7', 'promo_100', 'promoX100'], total: 4 });
    const refused = await rejection(h.rpc(PERMISSION_RPC.listPermissions, { permissionType: '9' }));
    expect(refused).toMatchObject({ code: ErrorCode.ADMIN_VALIDATION_FAILED, failureDetails: 'invalid field permissionType: must be 1, 2 or 3' });
  });

  it('grants: by plan, by device in any spelling, by state (waiting, active, over from endTime on, revoked), combined, paged with the filtered total', async () => {
    const ann = h.user();
    const bob = h.user();
    h.bind(ann, MAC);
    h.bind(bob, MAC2);
    const grant = (user: TestUser, permissionCode: string, ipcMac?: string) => h.rpc(PERMISSION_RPC.createGrant, { body: { openId: user.openId, permissionCode, ...(ipcMac ? { ipcMac } : {}) } });
    const paidWaiting = await grant(ann, 'cloud-30');
    const freeOnMac = await grant(ann, 'free-7', 'aa:bb:cc:dd:ee:01');
    const paidOnMac = await grant(ann, 'cloud-30', MAC);
    await expect(h.gateway('permission.active', ann, { grantId: String(paidOnMac.grantId), ipcMac: MAC })).resolves.toEqual({});
    const bobFree = await grant(bob, 'free-7', MAC2);
    const bobWaiting = await grant(bob, 'cloud-30');
    expect((await h.deliver('userDeleted', { userId: bob.userId, openId: bob.openId, clientId: bob.clientId, uuid: bob.uuid })).outcome).toBe('applied');

    const ids = async (request: Record<string, unknown>) => {
      const page = await h.rpc(PERMISSION_RPC.listGrants, request);
      return { ids: page.items.map((g) => g.grantId), total: page.total };
    };
    expect(await ids({ permissionCode: 'free-7' })).toEqual({ ids: [freeOnMac.grantId, bobFree.grantId], total: 2 });
    expect(await ids({ ipcMac: 'aa-bb-cc-dd-ee-01' })).toEqual({ ids: [freeOnMac.grantId, paidOnMac.grantId], total: 2 });
    expect(await ids({ state: 'waiting' })).toEqual({ ids: [paidWaiting.grantId], total: 1 });
    expect(await ids({ state: 'active' })).toEqual({ ids: [freeOnMac.grantId, paidOnMac.grantId], total: 2 });
    expect(await ids({ state: 'over' })).toEqual({ ids: [], total: 0 });
    expect(await ids({ state: 'revoked' })).toEqual({ ids: [bobFree.grantId, bobWaiting.grantId], total: 2 });
    expect(await ids({ openId: ann.openId, permissionCode: 'cloud-30', state: 'waiting' })).toEqual({ ids: [paidWaiting.grantId], total: 1 });
    expect(await ids({ ipcMac: MAC, state: 'active', limit: 1, offset: 1 })).toEqual({ ids: [paidOnMac.grantId], total: 2 });
    expect(await ids({ permissionCode: 'free' })).toEqual({ ids: [], total: 0 });

    // The free week ends exactly now (end exclusive, P8): over; the paid month is still active.
    h.clock.advance(7 * DAY_S);
    expect(await ids({ state: 'active' })).toEqual({ ids: [paidOnMac.grantId], total: 1 });
    expect(await ids({ state: 'over' })).toEqual({ ids: [freeOnMac.grantId], total: 1 });
    expect(await ids({ state: 'revoked', permissionCode: 'free-7' })).toEqual({ ids: [bobFree.grantId], total: 1 });

    const refused = await rejection(h.rpc(PERMISSION_RPC.listGrants, { ipcMac: 'AA:BB:CC' }));
    expect(refused).toMatchObject({ code: ErrorCode.ADMIN_VALIDATION_FAILED, failureDetails: expect.stringContaining('invalid field ipcMac:') });
    expect((await rejection(h.rpc(PERMISSION_RPC.listGrants, { state: 'expired' }))).failureDetails).toBe('invalid field state: must be one of waiting, active, over, revoked');
  });

  const waitingGrant = (user: TestUser) => h.rpc(PERMISSION_RPC.createGrant, { body: { openId: user.openId, permissionCode: 'cloud-30' } });

  it('grants by cursor: every page after the last one shown, each grant once while grants are added between pages; a cursor of other filters is refused', async () => {
    const carol = h.user();
    const created: number[] = [];
    for (let i = 0; i < 5; i++) created.push((await waitingGrant(carol)).grantId);
    const seen: number[] = [];
    let page = await h.rpc(PERMISSION_RPC.listGrants, { openId: carol.openId, limit: 2 });
    expect(page).toMatchObject({ total: 5, totalIsEstimate: false, nextCursor: expect.any(String) });
    const cursorOfCarol = page.nextCursor;
    seen.push(...page.items.map((g) => g.grantId));
    // With offset the page after would start one grant later than it should after an insert before it; with a cursor it does not.
    created.push((await waitingGrant(carol)).grantId);
    while (page.nextCursor !== null) {
      page = await h.rpc(PERMISSION_RPC.listGrants, { openId: carol.openId, limit: 2, cursor: page.nextCursor });
      seen.push(...page.items.map((g) => g.grantId));
    }
    expect(seen).toEqual(created);
    expect(page.total).toBe(6);
    const refused = await rejection(h.rpc(PERMISSION_RPC.listGrants, { openId: h.user().openId, limit: 2, cursor: cursorOfCarol }));
    expect(refused).toMatchObject({ code: ErrorCode.ADMIN_VALIDATION_FAILED, failureDetails: 'invalid field cursor: issued for other filters: ask for the first page again without cursor' });
  });

  it('grants total: exact up to 1,000 matching grants; beyond, the planner\'s estimate, marked as one', async () => {
    const bulk = h.user();
    await waitingGrant(bulk);
    const exact = await h.rpc(PERMISSION_RPC.listGrants, { openId: bulk.openId });
    expect(exact).toMatchObject({ total: 1, totalIsEstimate: false });
    await h.sql.query(
      `INSERT INTO permission."grant" (user_id, open_id, permission_id, grant_status, init_time)
       SELECT $1, $2, (SELECT id FROM permission.permission WHERE permission_code = 'cloud-30'), 1, now() FROM generate_series(1, 1500)`,
      [bulk.userId, bulk.openId],
    );
    await h.sql.query('ANALYZE permission."grant"');
    const estimated = await h.rpc(PERMISSION_RPC.listGrants, { openId: bulk.openId, limit: 10 });
    expect(estimated.totalIsEstimate).toBe(true);
    // ANALYZE read every row of so small a table: the estimate is the count, give or take rounding.
    expect(estimated.total).toBeGreaterThan(1_400);
    expect(estimated.total).toBeLessThan(1_600);
    expect(estimated.items).toHaveLength(10);
    expect(await h.rpc(PERMISSION_RPC.listGrants, { openId: bulk.openId, state: 'active' })).toMatchObject({ total: 0, totalIsEstimate: false, nextCursor: null });
  });
});
