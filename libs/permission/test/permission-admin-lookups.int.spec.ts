/**
 * permission-service's parts of the operator's device view (ADMIN_LOOKUP_RPC.deviceGrants / currentService)
 * and its outbox backlog contract, against real PostgreSQL: the current service equals what
 * fcmall.get_current_service answers the device's owner.
 */
import { ADMIN_LOOKUP_RPC, PERMISSION_RPC, outboxBacklogContract } from '@dcp/contracts';
import { describeWithInfra } from '@dcp/testing';
import { type PermissionHarness, type TestUser, startPermissionHarness } from './permission-harness';

const MAC = 'AABBCCDDEE11';
const MAC_NO_STORE = 'AABBCCDDEE12';

describeWithInfra(['postgres'], 'permission-service: operator look-ups (PostgreSQL)', () => {
  let h: PermissionHarness;
  let ann: TestUser;

  beforeAll(async () => {
    h = await startPermissionHarness();
    await h.rpc(PERMISSION_RPC.createPermission, { body: { permissionCode: 'free-7', permissionName: 'Free week', permissionType: 2, durationDays: 7 } });
    await h.rpc(PERMISSION_RPC.createPermission, { body: { permissionCode: 'paid-30', permissionName: 'Cloud 30 days', permissionType: 1, durationDays: 30 } });
    ann = h.user();
    h.bind(ann, MAC, 1);
    h.bind(ann, MAC_NO_STORE, 0);
  });
  afterAll(() => h?.close());

  const grant = (permissionCode: string, ipcMac?: string) => h.rpc(PERMISSION_RPC.createGrant, { body: { openId: ann.openId, permissionCode, ...(ipcMac ? { ipcMac } : {}) } });
  const appView = async (macAddr: string) => (await h.gateway('fcmall.get_current_service', ann, { macAddr })).data as Record<string, unknown>;
  const withoutIds = ({ userId: _u, macAddr: _m, ...rest }: Record<string, unknown>) => rest;

  it('without grants: the free 8-hour service for a device that supports cloud storage, none otherwise — as the app sees it', async () => {
    const withStore = await h.rpc(ADMIN_LOOKUP_RPC.currentService, { userId: ann.userId, macAddr: MAC, supportStore: true });
    expect(withStore).toMatchObject({ status: 3, flag: 2, startTime: null, endTime: null });
    expect(withStore).toEqual(withoutIds(await appView(MAC)));
    const without = await h.rpc(ADMIN_LOOKUP_RPC.currentService, { userId: ann.userId, macAddr: MAC_NO_STORE, supportStore: false });
    expect(without).toMatchObject({ status: 0, flag: 0, name: '' });
    expect(without).toEqual(withoutIds(await appView(MAC_NO_STORE)));
  });

  it('lists the owner\'s grants on the device (not those of other devices or not yet tied), paged; the grant in service is the current service', async () => {
    const week = await grant('free-7', MAC);
    await grant('free-7', MAC_NO_STORE);
    await grant('paid-30');
    const page = await h.rpc(ADMIN_LOOKUP_RPC.deviceGrants, { userId: ann.userId, macAddr: MAC });
    expect(page).toEqual({ items: [week], total: 1, totalIsEstimate: false, nextCursor: null });
    const second = await grant('free-7', MAC);
    expect(await h.rpc(ADMIN_LOOKUP_RPC.deviceGrants, { userId: ann.userId, macAddr: MAC, limit: 1, offset: 1 })).toEqual({ items: [second], total: 2, totalIsEstimate: false, nextCursor: null });
    expect(await h.rpc(ADMIN_LOOKUP_RPC.deviceGrants, { userId: h.user().userId, macAddr: MAC })).toEqual({ items: [], total: 0, totalIsEstimate: false, nextCursor: null });

    const current = await h.rpc(ADMIN_LOOKUP_RPC.currentService, { userId: ann.userId, macAddr: MAC, supportStore: true });
    expect(current).toMatchObject({ name: 'Free week', status: 3, flag: 2, validity: '7 days', endTime: second.endTime });
    expect(current).toEqual(withoutIds(await appView(MAC)));
  });

  it('answers its outbox backlog', async () => {
    const backlog = await h.rpc(outboxBacklogContract('permission'), {});
    const { rows } = await h.sql.query('SELECT count(*)::int AS n FROM permission.outbox_event WHERE published_at IS NULL');
    expect(backlog).toEqual({ pending: rows[0].n, oldestAgeSeconds: expect.any(Number) });
  });
});
