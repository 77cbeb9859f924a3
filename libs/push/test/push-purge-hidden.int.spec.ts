/**
 * Hidden at once (decisions PS6, GT2), against real PostgreSQL: a device.unbound or user.deleted with more
 * messages than its statement deletes leaves the rest in push.message_purge for the retention job; from the
 * event on, before the job runs, those messages are gone for the owner's message center (list, unread count,
 * mark read, delete), for the picture URL, for the alarm's merge and for the delivery worker — exactly as if
 * deleted. Another device's and another user's messages are untouched, the job changes nothing the user sees,
 * and a message received after the unbind (the device bound to the same user again) is visible throughout.
 */
import { randomInt } from 'node:crypto';
import { Client } from 'pg';
import { type AuthenticatedUser, PUSH_RPC } from '@dcp/contracts';
import { buildEvent } from '@dcp/messaging';
import { Collector, describeWithInfra, onIncrement, rejection } from '@dcp/testing';
import { DeliveryDispatcher } from '../src/delivery/delivery-dispatcher';
import { PictureUrls } from '../src/pictures/picture-urls';
import { DeviceAlarmsUseCase } from '../src/admin/device-alarms.use-case';
import { MESSAGES_PURGED_WITH_EVENT } from '../src/reactions/purge-messages.reactions';
import { MessageRetentionJob } from '../src/retention/message-retention.job';
import { type PushHarness, merchantOf, startPushHarness } from './push-harness';

const MANY = MESSAGES_PURGED_WITH_EVENT + 500;
let macCounter = 0;
const newMac = () => `0E${(Date.now() % 0xffffff).toString(16).padStart(6, '0')}${(++macCounter).toString(16).padStart(4, '0')}`.toUpperCase();

describeWithInfra(['postgres'], 'push-service: messages of a pending purge are hidden at once (PostgreSQL)', () => {
  let h: PushHarness;
  const consumed = new Collector<string>();
  const cancelled = new Collector<string>();
  const applied = (subject: string, from: number) => consumed.until((items) => items.slice(from).includes(subject), `push applying ${subject}`, 15_000);

  beforeAll(async () => {
    h = await startPushHarness({ PUSH_ALARM_COOLDOWN_SECONDS: '3600' });
    onIncrement(h.runtime.metrics, (name, labels) => {
      if (name === 'dcp_events_consumed_total' && labels.outcome === 'applied') consumed.push(labels.subject);
      if (name === 'dcp_push_deliveries_total' && labels.outcome === 'cancelled') cancelled.push(labels.provider);
    });
  });
  afterAll(() => h?.close());

  function newUser(): AuthenticatedUser {
    const userId = 2 * randomInt(500_000, 1_000_000_000);
    return { userId, openId: `open${userId}`, clientId: merchantOf(userId), uuid: `uuid-${userId}` };
  }
  /** `n` unread messages of type 1 with a picture each, received a minute ago, all within the cooldown (an hour). */
  const insertMessages = (userId: number, mac: string, n: number) =>
    h.sql.query(
      `WITH m AS (
         INSERT INTO push.alarm_message (id, user_id, client_id, mac_addr, type, first_at, last_at, count, received_at, updated_at, picture_bytes)
         SELECT gen_random_uuid(), $1, $2, $3, 1, now() - i * interval '1 second', now() - i * interval '1 second', 1, now() - interval '1 minute', now() - i * interval '1 second', 4
         FROM generate_series(1, $4::int) AS i RETURNING id
       ) INSERT INTO push.alarm_picture (message_id, jpeg) SELECT id, '\\xffd8ffd9'::bytea FROM m`,
      [userId, merchantOf(userId), mac, n],
    );
  const idsOf = async (userId: number, mac: string) => (await h.sql.query(`SELECT id FROM push.alarm_message WHERE user_id = $1 AND mac_addr = $2 ORDER BY id`, [userId, mac])).rows.map((r) => r.id as string);
  const count = async (sql: string, params: unknown[]) => (await h.sql.query(sql, params)).rows[0].n as number;

  /** What the user sees: every page of the list (ids, read), the unread count, by device or all. */
  async function seen(user: AuthenticatedUser, devId = '') {
    const device: Record<string, string> = devId ? { devId } : {};
    const ids: string[] = [];
    let total = 0;
    for (let page = 1; ; page++) {
      const { data } = (await h.gateway('push_message.list', { ...device, page: String(page), pageSize: '100' }, user)) as { data: { total: number; list: { messageId: string }[] } };
      total = data.total;
      ids.push(...data.list.map((m) => m.messageId));
      if (data.list.length < 100) break;
    }
    const { data } = (await h.gateway('push_message.unread_count', device, user)) as { data: { unread: number } };
    return { total, ids: ids.sort(), unread: data.unread };
  }
  const markRead = async (user: AuthenticatedUser, params: Record<string, string>) => ((await h.gateway('push_message.mark_read', params, user)) as { data: { updated: number } }).data.updated;
  const remove = async (user: AuthenticatedUser, ids: string[]) => ((await h.gateway('push_message.delete', { messageIds: ids.join(',') }, user)) as { data: { deleted: number } }).data.deleted;
  /** The picture as its signed URL serves it. */
  const picture = (messageId: string) => {
    const expires = Math.floor(h.clock.now() / 1000) + 600;
    return h.runtime.rpcClient.request(PUSH_RPC.picture, { messageId, expires: String(expires), sig: h.module.get(PictureUrls).signer.sign(messageId, expires) });
  };
  const purgeAll = async () => {
    const job = h.module.get(MessageRetentionJob);
    while ((await job.purgeOnce()).messages > 0);
  };

  it('device.unbound: the messages left to the job are gone for list, unread count, mark read, delete, the picture and delivery; the next binding\'s are not', async () => {
    const [owner, other] = [newUser(), newUser()];
    const [unbound, kept, othersDevice] = [newMac(), newMac(), newMac()];
    await insertMessages(owner.userId, unbound, MANY);
    await insertMessages(owner.userId, kept, 3);
    await insertMessages(other.userId, othersDevice, 2);
    // The other user's messages on the same device (bound to them before): another user's, untouched.
    await insertMessages(other.userId, unbound, 2);
    const keptIds = await idsOf(owner.userId, kept);
    const othersIds = [...(await idsOf(other.userId, othersDevice)), ...(await idsOf(other.userId, unbound))].sort();
    const before = { owner: await seen(owner), other: await seen(other) };
    expect(before.owner).toMatchObject({ total: MANY + 3, unread: MANY + 3 });

    const from = consumed.items.length;
    await h.runtime.events.publish(buildEvent('deviceUnbound', { userId: owner.userId, macAddr: unbound, reason: 'user' }));
    await applied('dcp.device.device.unbound.v1', from);
    const left = await idsOf(owner.userId, unbound);
    expect(left).toHaveLength(MANY - MESSAGES_PURGED_WITH_EVENT);
    const [{ received_before: receivedBefore }] = (await h.sql.query(`SELECT received_before FROM push.message_purge WHERE user_id = $1 AND mac_addr = $2`, [owner.userId, unbound])).rows;

    // Right after the event, before the job: as if every message of the device were deleted.
    const afterEvent = { owner: await seen(owner), other: await seen(other) };
    expect(afterEvent.owner).toEqual({ total: 3, ids: keptIds, unread: 3 });
    expect(await seen(owner, unbound)).toEqual({ total: 0, ids: [], unread: 0 });
    expect(afterEvent.other).toEqual(before.other);
    expect(afterEvent.other).toEqual({ total: 4, ids: othersIds, unread: 4 });
    expect(await markRead(owner, { messageIds: `${left[0]},${keptIds[0]}` })).toBe(1);
    expect(await markRead(owner, { all: '1', devId: unbound })).toBe(0);
    expect(await remove(owner, left.slice(0, 5))).toBe(0);
    expect(await count(`SELECT count(*)::int AS n FROM push.alarm_message WHERE id = ANY ($1::uuid[]) AND read_at IS NULL`, [left.slice(0, 5)])).toBe(5);
    expect(await rejection(picture(left[0]))).toMatchObject({ value: '000006', extra: { httpStatus: 404 } });
    expect((await picture(keptIds[1])).contentBase64).toBe(Buffer.from('ffd8ffd9', 'hex').toString('base64'));
    expect((await picture(othersIds[0])).contentBase64).toBe(Buffer.from('ffd8ffd9', 'hex').toString('base64'));
    // The operators' view of the device: the past owner's messages are gone there too, the other user's stay.
    const admin = await h.module.get(DeviceAlarmsUseCase).execute({ macAddr: unbound, limit: 100 });
    expect(admin.items.map((m) => m.userId)).toEqual([other.userId, other.userId]);

    // A pending delivery of a hidden message is cancelled, never sent.
    const endpoint = (await h.sql.query(
      `INSERT INTO push.push_endpoint (id, user_id, client_id, user_uuid, provider, token, mac_addrs, created_at, updated_at)
       VALUES (gen_random_uuid(), $1, $2, $3, 'webhook', 'phone', '{}', now(), now()) RETURNING id`,
      [owner.userId, owner.clientId, owner.uuid],
    )).rows[0].id as string;
    const [{ id: delivery }] = (await h.sql.query(
      `INSERT INTO push.push_delivery (id, message_id, endpoint_id, client_id, provider, state, next_attempt_at, created_at, updated_at)
       VALUES (gen_random_uuid(), $1, $2, $3, 'webhook', 'pending', now(), now(), now()) RETURNING id`,
      [left[1], endpoint, owner.clientId],
    )).rows;
    const cancelledBefore = cancelled.items.length;
    h.module.get(DeliveryDispatcher).wake();
    await cancelled.until((items) => items.length > cancelledBefore, 'the delivery cancelled', 15_000);
    expect((await h.sql.query(`SELECT state, last_error FROM push.push_delivery WHERE id = $1`, [delivery])).rows).toEqual([{ state: 'cancelled', last_error: 'the message was purged' }]);

    // Bound again to the same user: an alarm within the cooldown of a hidden message starts a new, visible
    // message (not merged into the hidden one), as does any message received after the unbind.
    h.owners.set(unbound, owner.userId);
    const alarm = await h.alarm(unbound, 1);
    expect(alarm.merged).toBe(false);
    await h.sql.query(
      `INSERT INTO push.alarm_message (id, user_id, client_id, mac_addr, type, first_at, last_at, received_at, updated_at)
       VALUES (gen_random_uuid(), $1, $2, $3, 2, now(), now(), $4::timestamptz + interval '1 millisecond', now())`,
      [owner.userId, owner.clientId, unbound, receivedBefore],
    );
    const rebound = await seen(owner, unbound);
    expect(rebound).toMatchObject({ total: 2, unread: 2 });
    expect(rebound.ids).toContain(alarm.messageId);

    // The job deletes what was hidden and its purge row; nothing the user sees changes.
    const beforeJob = { owner: await seen(owner), device: await seen(owner, unbound), other: await seen(other) };
    await purgeAll();
    expect(await count(`SELECT count(*)::int AS n FROM push.message_purge WHERE user_id = $1`, [owner.userId])).toBe(0);
    expect(await count(`SELECT count(*)::int AS n FROM push.alarm_message WHERE id = ANY ($1::uuid[])`, [left])).toBe(0);
    expect({ owner: await seen(owner), device: await seen(owner, unbound), other: await seen(other) }).toEqual(beforeJob);
    expect(beforeJob.owner).toMatchObject({ total: 5, unread: 4 });
  });

  it('user.deleted: every message left to the job is gone at once, also while one is locked elsewhere as the job runs; another user\'s are untouched', async () => {
    const [deleted, other] = [newUser(), newUser()];
    const [d1, d2, othersDevice] = [newMac(), newMac(), newMac()];
    await insertMessages(deleted.userId, d1, MANY);
    await insertMessages(deleted.userId, d2, 10);
    await insertMessages(other.userId, othersDevice, 2);
    const before = await seen(other);

    const from = consumed.items.length;
    await h.runtime.events.publish(buildEvent('userDeleted', { userId: deleted.userId, openId: deleted.openId, clientId: deleted.clientId, uuid: deleted.uuid }));
    await applied('dcp.sso.user.deleted.v1', from);
    const left = [...(await idsOf(deleted.userId, d1)), ...(await idsOf(deleted.userId, d2))];
    expect(left).toHaveLength(MANY + 10 - MESSAGES_PURGED_WITH_EVENT);
    expect((await h.sql.query(`SELECT mac_addr FROM push.message_purge WHERE user_id = $1`, [deleted.userId])).rows).toEqual([{ mac_addr: '' }]);

    expect(await seen(deleted)).toEqual({ total: 0, ids: [], unread: 0 });
    expect(await seen(deleted, d2)).toEqual({ total: 0, ids: [], unread: 0 });
    expect(await markRead(deleted, { all: '1' })).toBe(0);
    expect(await markRead(deleted, { messageIds: left.slice(0, 3).join(',') })).toBe(0);
    expect(await remove(deleted, left.slice(0, 3))).toBe(0);
    expect(await rejection(picture(left[0]))).toMatchObject({ value: '000006', extra: { httpStatus: 404 } });
    expect(await seen(other)).toEqual(before);

    // A message another transaction holds locked while the job runs (its batches skip it): the purge stays, and
    // the message stays hidden, until a later run deletes it.
    const holder = new Client({ connectionString: h.databaseUrl });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM push.alarm_message WHERE id = $1 FOR UPDATE', [left[0]]);
      await purgeAll();
      expect(await count(`SELECT count(*)::int AS n FROM push.alarm_message WHERE user_id = $1`, [deleted.userId])).toBe(1);
      expect(await count(`SELECT count(*)::int AS n FROM push.message_purge WHERE user_id = $1`, [deleted.userId])).toBe(1);
      expect(await rejection(picture(left[0]))).toMatchObject({ value: '000006', extra: { httpStatus: 404 } });
      await holder.query('ROLLBACK');
    } finally {
      await holder.end();
    }
    await h.module.get(MessageRetentionJob).purgeOnce();
    expect(await count(`SELECT count(*)::int AS n FROM push.message_purge WHERE user_id = $1`, [deleted.userId])).toBe(0);
    expect(await count(`SELECT count(*)::int AS n FROM push.alarm_message WHERE user_id = $1`, [deleted.userId])).toBe(0);
    expect(await seen(deleted)).toEqual({ total: 0, ids: [], unread: 0 });
    expect(await seen(other)).toEqual(before);
  });
});
