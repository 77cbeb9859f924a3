/**
 * The durable reactions against real PostgreSQL: user.deleted revokes every grant of the user; device.unbound
 * ends the grants in service on that device and releases those waiting for it. Each event applies once: a
 * redelivery (an operator replaying it from the dead letters) finds it in the inbox and changes nothing, and
 * a second unbind of the same device has nothing left to change. Every revoked grant publishes exactly one
 * grant.revoked (outbox, same transaction).
 */
import { randomUUID } from 'node:crypto';
import { ErrorCode, EVENTS, PERMISSION_RPC, deadLetterContracts } from '@dcp/contracts';
import { describeWithInfra, expectEvent } from '@dcp/testing';
import { type PermissionHarness, type TestUser, rejection, startPermissionHarness } from './permission-harness';

const MAC = 'AABBCCDDEE01';
const MAC2 = 'AABBCCDDEE02';

/** A harness with the two plans every case grants from. */
async function harnessWithPlans(options?: Parameters<typeof startPermissionHarness>[0]): Promise<PermissionHarness> {
  const h = await startPermissionHarness(options);
  await h.rpc(PERMISSION_RPC.createPermission, { body: { permissionCode: 'paid', permissionName: 'Paid', permissionType: 1, durationDays: 30 } });
  await h.rpc(PERMISSION_RPC.createPermission, { body: { permissionCode: 'free', permissionName: 'Free', permissionType: 3, durationDays: 7 } });
  return h;
}

const grantOf = (h: PermissionHarness) => (user: TestUser, permissionCode: string, ipcMac?: string) =>
  h.rpc(PERMISSION_RPC.createGrant, { body: { openId: user.openId, permissionCode, ...(ipcMac ? { ipcMac } : {}) } });
const rowsOfUser = (h: PermissionHarness) => async (userId: number) =>
  (await h.sql.query(`SELECT id::int AS id, grant_status, ipc_mac, revoked_at IS NOT NULL AS revoked, revoke_reason FROM permission."grant" WHERE user_id = $1 ORDER BY id`, [userId])).rows;

describeWithInfra(['postgres'], 'permission-service: reactions to user.deleted and device.unbound (PostgreSQL)', () => {
  let h: PermissionHarness;

  beforeAll(async () => {
    h = await harnessWithPlans();
  });
  afterAll(() => h?.close());

  const grant = (...args: Parameters<ReturnType<typeof grantOf>>) => grantOf(h)(...args);
  const rowsOf = (userId: number) => rowsOfUser(h)(userId);
  const snapshot = async () => (await h.sql.query(`SELECT * FROM permission."grant" ORDER BY id`)).rows;
  const revokedEventsOf = async (userId: number) =>
    (await h.sql.query(`SELECT payload->'data' AS data FROM permission.outbox_event WHERE subject = $1 AND (payload->'data'->>'userId')::int = $2 ORDER BY seq`, [EVENTS.grantRevoked.subject, userId])).rows.map(
      (r) => r.data as Record<string, unknown>,
    );

  /** Replays an already-handled event as an operator would from the dead letters: it goes through the inbox again. */
  async function replay(envelopeId: string, key: 'userDeleted' | 'deviceUnbound', data: unknown) {
    const id = randomUUID();
    const payload = { id: envelopeId, type: EVENTS[key].subject, occurredAt: new Date().toISOString(), source: EVENTS[key].source, data };
    await h.sql.query(`INSERT INTO permission.dead_letter_event (id, durable, subject, event_id, payload, deliveries, error) VALUES ($1, 'permission-service', $2, $3, $4, 5, 'test')`, [
      id,
      EVENTS[key].subject,
      envelopeId,
      JSON.stringify(payload),
    ]);
    return h.rpc(deadLetterContracts('permission').resolve, { id, body: { replay: true } });
  }

  it('user.deleted revokes every grant of the user (waiting and active), which then never appear; others untouched; a redelivery changes nothing', async () => {
    const user = h.user();
    const bystander = h.user();
    h.bind(user, MAC);
    h.bind(bystander, MAC2);
    const waiting = await grant(user, 'paid');
    const active = await grant(user, 'free', MAC);
    await grant(bystander, 'paid');

    const published = await expectEvent(h.runtime.events, EVENTS.grantRevoked.subject, (e) => (e.data as { grantId: number }).grantId === active.grantId);
    const data = { userId: user.userId, openId: user.openId, clientId: user.clientId, uuid: user.uuid };
    const delivered = await h.deliver('userDeleted', data);
    expect(delivered.outcome).toBe('applied');
    expect((await published.arrived).data).toEqual({ grantId: active.grantId, userId: user.userId, ipcMac: MAC, permissionCode: 'free', reason: 'user-deleted' });
    expect(await revokedEventsOf(user.userId)).toEqual([
      { grantId: waiting.grantId, userId: user.userId, ipcMac: null, permissionCode: 'paid', reason: 'user-deleted' },
      { grantId: active.grantId, userId: user.userId, ipcMac: MAC, permissionCode: 'free', reason: 'user-deleted' },
    ]);
    expect(await revokedEventsOf(bystander.userId)).toEqual([]);
    expect((await rowsOf(user.userId)).map((r) => [r.revoked, r.revoke_reason])).toEqual([
      [true, 'user-deleted'],
      [true, 'user-deleted'],
    ]);
    expect((await rowsOf(bystander.userId)).map((r) => r.revoked)).toEqual([false]);
    expect((await h.gateway('permission.query_user_not_active', user, { supportBpi: '1' })).data).toEqual([]);
    expect((await h.gateway('permission.query_user_ipcs_valid', user)).data).toEqual([]);
    expect((await h.gateway('fcmall.get_current_service', user, { macAddr: MAC })).data).toMatchObject({ flag: 2, validity: '8 hours' });
    expect((await rejection(h.gateway('permission.active', user, { grantId: String(waiting.grantId), ipcMac: MAC }))).code).toBe(ErrorCode.PERMISSION_GRANT_STATUS_CANNOT_ACTIVE);
    expect((await h.rpc(PERMISSION_RPC.getGrant, { grantId: String(waiting.grantId) })).revokeReason).toBe('user-deleted');

    const before = await snapshot();
    h.clock.advance(60);
    await replay(delivered.id, 'userDeleted', data);
    expect(await snapshot()).toEqual(before);
    expect(await revokedEventsOf(user.userId)).toHaveLength(2);
    const { rows } = await h.sql.query(`SELECT count(*)::int AS n FROM permission.inbox_event WHERE event_id = $1`, [delivered.id]);
    expect(rows[0].n).toBe(1);
  });

  it('device.unbound ends the grants in service on that device and releases those waiting for it; other devices untouched', async () => {
    const user = h.user();
    h.bind(user, MAC);
    h.bind(user, MAC2);
    const active = await grant(user, 'free', MAC);
    const pinned = await grant(user, 'paid', MAC);
    const loose = await grant(user, 'paid');
    const elsewhere = await grant(user, 'free', MAC2);

    h.unbind(user, MAC);
    const data = { macAddr: MAC, userId: user.userId, reason: 'user' as const };
    const delivered = await h.deliver('deviceUnbound', data);
    expect(delivered.outcome).toBe('applied');
    expect(await rowsOf(user.userId)).toEqual([
      { id: active.grantId, grant_status: 3, ipc_mac: MAC, revoked: true, revoke_reason: 'device-unbound' },
      { id: pinned.grantId, grant_status: 1, ipc_mac: null, revoked: false, revoke_reason: null },
      { id: loose.grantId, grant_status: 1, ipc_mac: null, revoked: false, revoke_reason: null },
      { id: elsewhere.grantId, grant_status: 3, ipc_mac: MAC2, revoked: false, revoke_reason: null },
    ]);
    expect((await h.gateway('permission.query_user_ipcs_valid', user)).data).toEqual([expect.objectContaining({ grantId: elsewhere.grantId })]);
    expect((await h.gateway('permission.query_user_not_active', user, { supportBpi: '1' })).data).toEqual([
      expect.objectContaining({ grantId: pinned.grantId, ipcMac: '' }),
      expect.objectContaining({ grantId: loose.grantId, ipcMac: '' }),
    ]);

    // Applied once: replaying the same event and a second unbind of the same device change nothing.
    const before = await snapshot();
    h.clock.advance(60);
    await replay(delivered.id, 'deviceUnbound', data);
    expect((await h.deliver('deviceUnbound', { ...data, reason: 'force' })).outcome).toBe('applied');
    expect(await snapshot()).toEqual(before);
    // Exactly one grant.revoked, for the grant that was in service; released grants are not revoked.
    expect(await revokedEventsOf(user.userId)).toEqual([{ grantId: active.grantId, userId: user.userId, ipcMac: MAC, permissionCode: 'free', reason: 'device-unbound' }]);

    // The released grant can now be activated on the user's other device.
    await expect(h.gateway('permission.active', user, { grantId: String(pinned.grantId), ipcMac: MAC2 })).resolves.toEqual({});
  });

  it('a dead letter recorded in the colon form before the canonical MAC changed is replayed onto the canonical device', async () => {
    const user = h.user();
    h.bind(user, MAC);
    const active = await grant(user, 'free', MAC);
    h.unbind(user, MAC);
    await replay(randomUUID(), 'deviceUnbound', { macAddr: 'AA:BB:CC:DD:EE:01', userId: user.userId, reason: 'force' });
    expect(await rowsOf(user.userId)).toEqual([{ id: active.grantId, grant_status: 3, ipc_mac: MAC, revoked: true, revoke_reason: 'device-unbound' }]);
    expect(await revokedEventsOf(user.userId)).toEqual([{ grantId: active.grantId, userId: user.userId, ipcMac: MAC, permissionCode: 'free', reason: 'device-unbound' }]);
  });

  it('events about users or devices without grants apply as a no-op (nothing to revoke, nothing dead-lettered)', async () => {
    const before = await snapshot();
    expect((await h.deliver('deviceUnbound', { macAddr: 'aa-bb-cc-00-00-00', userId: 424242, reason: 'force' })).outcome).toBe('applied');
    expect((await h.deliver('userDeleted', { userId: 424243, openId: 'gone', clientId: 'c', uuid: 'u' })).outcome).toBe('applied');
    expect(await snapshot()).toEqual(before);
    expect((await h.rpc(deadLetterContracts('permission').list, {})).total).toBe(0);
  });
});

describeWithInfra(['postgres', 'nats'], 'permission-service: device.unbound published in the colon form before the canonical MAC changed (JetStream, PostgreSQL)', () => {
  let h: PermissionHarness;

  beforeAll(async () => {
    h = await harnessWithPlans({ jetstream: true });
  });
  afterAll(() => h?.close());

  const grant = (...args: Parameters<ReturnType<typeof grantOf>>) => grantOf(h)(...args);
  const rowsOf = (userId: number) => rowsOfUser(h)(userId);

  it.each(['AA:BB:CC:DD:EE:01', 'aa-bb-cc-dd-ee-01'])('an event in the stream carrying %s ends and releases the grants of the canonical device, and announces grant.revoked in the canonical form', async (spelling) => {
    const user = h.user();
    h.bind(user, MAC);
    h.bind(user, MAC2);
    const active = await grant(user, 'free', MAC);
    const pinned = await grant(user, 'paid', MAC);
    const elsewhere = await grant(user, 'free', MAC2);
    h.unbind(user, MAC);

    expect((await h.deliverRaw('deviceUnbound', { macAddr: spelling, userId: user.userId, reason: 'user' })).outcome).toBe('applied');
    expect(await rowsOf(user.userId)).toEqual([
      { id: active.grantId, grant_status: 3, ipc_mac: MAC, revoked: true, revoke_reason: 'device-unbound' },
      { id: pinned.grantId, grant_status: 1, ipc_mac: null, revoked: false, revoke_reason: null },
      { id: elsewhere.grantId, grant_status: 3, ipc_mac: MAC2, revoked: false, revoke_reason: null },
    ]);
    const { rows } = await h.sql.query(`SELECT payload->'data' AS data FROM permission.outbox_event WHERE subject = $1 AND (payload->'data'->>'userId')::int = $2`, [EVENTS.grantRevoked.subject, user.userId]);
    expect(rows.map((r) => r.data)).toEqual([{ grantId: active.grantId, userId: user.userId, ipcMac: MAC, permissionCode: 'free', reason: 'device-unbound' }]);
    expect((await h.rpc(deadLetterContracts('permission').list, {})).total).toBe(0);
  });
});
