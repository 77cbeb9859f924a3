/**
 * The message center's purges on large tables (decisions GT2), against real PostgreSQL: 300,000 messages
 * bulk-inserted (the issue speaks of ten million; the mechanism is the same at any size, and this size runs in
 * seconds) over three merchants — the default retention, a longer one and a shorter one — a delivery for every
 * message and a picture for some, and 40,000 alarm counts of past minutes.
 *
 * Every purge statement's plan on the analysed tables reads alarm_message through an index, never a
 * sequential scan. A run deletes at most MESSAGE_BATCH (1,000) messages a statement and MESSAGE_BATCHES (50)
 * statements, each its own transaction, with their pictures and deliveries; while it runs, the request path
 * (an alarm stored as a new message and merged into it, the newest page read, an old message marked read just
 * before the purge reaches it) completes in a session whose lock_timeout and statement_timeout are short. A
 * device.unbound event with more messages than its statement deletes leaves the rest to the job, which keeps a
 * message of the device's next binding.
 */
import { randomUUID } from 'node:crypto';
import type { HotStatement } from '@dcp/database';
import { buildEvent } from '@dcp/messaging';
import { Collector, connectRequestPath, describeWithInfra, onIncrement } from '@dcp/testing';
import type { Client } from 'pg';
import { AlarmIntake } from '../src/alarms/alarm-intake';
import type { PushDatabase } from '../src/push-database.types';
import { DeviceUnboundReaction, MESSAGES_PURGED_WITH_EVENT, UserDeletedReaction } from '../src/reactions/purge-messages.reactions';
import { MESSAGE_BATCH, MESSAGE_BATCHES, MessageRetentionJob, RATE_BATCH } from '../src/retention/message-retention.job';
import { RetentionRepository } from '../src/retention/retention.repository';
import { type PushHarness, startPushHarness } from './push-harness';

const DAY_MS = 86_400_000;
const MESSAGES = 300_000;
const STALE_RATES = 40_000;
/** merchant-0: the default retention (7 days); long-keep: 30 days; short-keep: 1 day. */
const MERCHANTS = ['merchant-0', 'long-keep', 'short-keep'];

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}
const nodesOf = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodesOf)];

/** What a repository sends through the Prisma client's raw tagged templates and the hot-statement runner, with $n placeholders. */
function captured(): { db: PushDatabase; sent: { text: string; values: unknown[] }[] } {
  const sent: { text: string; values: unknown[] }[] = [];
  const record = (strings: TemplateStringsArray, values: unknown[]) => {
    sent.push({ text: strings.reduce((sql, part, i) => `${sql}$${i}${part}`), values });
    return Promise.resolve([]);
  };
  const client = { $executeRaw: (s: TemplateStringsArray, ...v: unknown[]) => record(s, v).then(() => 0), $queryRaw: (s: TemplateStringsArray, ...v: unknown[]) => record(s, v) };
  const run = (statement: HotStatement<unknown>, params: readonly unknown[]) => {
    sent.push({ text: statement.text, values: [...params] });
    return Promise.resolve([]);
  };
  return { db: { client, run } as unknown as PushDatabase, sent };
}

describeWithInfra(['postgres'], 'push-service: purges of large tables in bounded batches (PostgreSQL)', () => {
  let h: PushHarness;
  let requestPath: Client;
  let now: number;
  const consumed = new Collector<string>();
  const applied = (subject: string, from: number) => consumed.until((items) => items.slice(from).includes(subject), `push applying ${subject}`, 15_000);

  const explain = async (text: string, values: readonly unknown[]) => {
    const [{ 'QUERY PLAN': [{ Plan }] }] = (await h.sql.query(`EXPLAIN (FORMAT JSON) ${text}`, [...values])).rows;
    return nodesOf(Plan as PlanNode);
  };
  const count = async (sql: string, params: unknown[] = []) => (await h.sql.query(sql, params)).rows[0].n as number;

  beforeAll(async () => {
    h = await startPushHarness({ PUSH_ALARM_COOLDOWN_SECONDS: '60' });
    onIncrement(h.runtime.metrics, (name, labels) => {
      if (name === 'dcp_events_consumed_total' && labels.outcome === 'applied') consumed.push(labels.subject);
    });
    now = h.clock.now();
    await h.sql.query(`INSERT INTO push.push_merchant_setting (client_id, retention_days, updated_at) VALUES ('long-keep', 30, now()), ('short-keep', 1, now())`);
    // Message i: merchant i % 3, user 1 + i % 5000, its latest alarm i minutes... spread over the last 20 days.
    await h.sql.query(
      `INSERT INTO push.alarm_message (id, user_id, client_id, mac_addr, type, first_at, last_at, count, received_at, updated_at, picture_bytes)
       SELECT gen_random_uuid(), 1 + i % 5000, ($2::text[])[1 + i % 3], lpad(to_hex(i % 20000), 12, '0'), 1 + i % 10, at, at, 1, at, at, CASE WHEN i % 50 = 0 THEN 1024 ELSE 0 END
       FROM (SELECT i, $1::timestamptz - (i * (interval '20 days' / $3::int)) AS at FROM generate_series(1, $3::int) AS i) AS t`,
      [new Date(now), MERCHANTS, MESSAGES],
    );
    await h.sql.query(`INSERT INTO push.alarm_picture (message_id, jpeg) SELECT id, decode(repeat('ff', 1024), 'hex') FROM push.alarm_message WHERE picture_bytes > 0`);
    await h.sql.query(
      `INSERT INTO push.push_delivery (id, message_id, client_id, provider, state, attempts, next_attempt_at, created_at, updated_at, sent_at)
       SELECT gen_random_uuid(), id, client_id, 'fcm', 'sent', 1, updated_at, updated_at, updated_at, updated_at FROM push.alarm_message`,
    );
    const staleMinute = Math.floor(now / 60_000) - 10;
    await h.sql.query(`INSERT INTO push.alarm_rate (key, minute, posts) SELECT 'd:' || lpad(to_hex(i), 12, '0'), $1::bigint, 1 FROM generate_series(1, $2::int) AS i`, [staleMinute, STALE_RATES]);
    await h.sql.query(`INSERT INTO push.alarm_rate (key, minute, posts) VALUES ('u:999999', $1::bigint, 1)`, [Math.floor(now / 60_000)]);
    await h.sql.query('ANALYZE push.alarm_message; ANALYZE push.push_delivery; ANALYZE push.alarm_picture; ANALYZE push.alarm_rate');
    // The request path's own bounds: it may wait for a lock a quarter of a second, run five.
    requestPath = await connectRequestPath(h.databaseUrl);
  }, 120_000);
  afterAll(async () => {
    await requestPath?.end();
    await h?.close();
  });

  it('plans every purge statement through an index of alarm_message: no sequential scan, rows deleted by address', async () => {
    const { db, sent } = captured();
    const retention = new RetentionRepository(db);
    await retention.deleteExpired('merchant-0', new Date(now - 7 * DAY_MS), MESSAGE_BATCH);
    await retention.deletePurged({ id: 1n, userId: 42, macAddr: '', receivedBefore: new Date(now) }, MESSAGE_BATCH);
    await retention.deletePurged({ id: 1n, userId: 42, macAddr: '00000000002A', receivedBefore: new Date(now) }, MESSAGE_BATCH);
    await retention.merchantsWithMessages();
    await retention.deleteStaleRates(Math.floor(now / 60_000) - 1, '', RATE_BATCH);
    const [expired, userPurge, devicePurge, merchants, rates] = await Promise.all(sent.map((s) => explain(s.text, s.values)));
    const eventId = randomUUID();
    const [userDeleted, deviceUnbound] = await Promise.all([
      explain(new UserDeletedReaction().statement.text, [eventId, 42]),
      explain(new DeviceUnboundReaction().statement.text, [eventId, 42, '00000000002A']),
    ]);
    for (const plan of [expired, userPurge, devicePurge, merchants, rates, userDeleted, deviceUnbound]) {
      expect(plan.filter((n) => n['Node Type'] === 'Seq Scan' && ['alarm_message', 'alarm_rate'].includes(n['Relation Name'] ?? ''))).toEqual([]);
    }
    // Index and bitmap index scans name their index; only alarm_message's begin with its name.
    const indexOf = (plan: PlanNode[]) => plan.flatMap((n) => (n['Index Name']?.startsWith('alarm_message_') ? [n['Index Name']] : []));
    expect(indexOf(expired)).toEqual(['alarm_message_client_id_updated_at_idx']);
    expect(indexOf(merchants)).toEqual(expect.arrayContaining(['alarm_message_client_id_updated_at_idx']));
    expect(indexOf(userPurge)).toEqual(['alarm_message_user_id_last_at_idx']);
    expect(indexOf(devicePurge)).toEqual(['alarm_message_mac_addr_user_id_type_updated_at_idx']);
    for (const plan of [expired, userPurge, devicePurge, userDeleted, deviceUnbound]) {
      expect(plan).toContainEqual(expect.objectContaining({ 'Node Type': 'Tid Scan', 'Relation Name': 'alarm_message' }));
    }
    expect(rates).toContainEqual(expect.objectContaining({ 'Node Type': 'Index Scan', 'Relation Name': 'alarm_rate' }));
  });

  it('purges at most 1,000 messages a statement and 50 statements a run, while the request path works on the same tables within short timeouts', async () => {
    const retention = h.module.get(RetentionRepository);
    const batches: number[] = [];
    const deleteExpired = retention.deleteExpired.bind(retention);
    jest.spyOn(retention, 'deleteExpired').mockImplementation(async (clientId, cutoff, limit) => {
      const n = await deleteExpired(clientId, cutoff, limit);
      batches.push(n);
      return n;
    });
    const cutoffOf = (days: number) => new Date(now - days * DAY_MS);
    const expiredWhere = `(client_id = 'merchant-0' AND updated_at < $1) OR (client_id = 'long-keep' AND updated_at < $2) OR (client_id = 'short-keep' AND updated_at < $3)`;
    const cutoffs = [cutoffOf(7), cutoffOf(30), cutoffOf(1)];
    const expired = await count(`SELECT count(*)::int AS n FROM push.alarm_message WHERE ${expiredWhere}`, cutoffs);
    const kept = MESSAGES - expired;
    // The long-keep merchant's messages older than the default retention stay: a purge by age alone would read them on every batch.
    expect(await count(`SELECT count(*)::int AS n FROM push.alarm_message WHERE client_id = 'long-keep' AND updated_at < $1`, [cutoffOf(7)])).toBeGreaterThan(10_000);
    // An old message its user marks read while the purge runs (the purge reaches it in its first merchant's last batches).
    const [{ id: old }] = (await h.sql.query(`SELECT id FROM push.alarm_message WHERE client_id = 'merchant-0' AND updated_at < $1 ORDER BY updated_at DESC LIMIT 1`, [cutoffOf(7)])).rows;

    // The alarm intake's own statement, as the request path sends it, on the timeout-bound session.
    const { db, sent } = captured();
    const intake = new AlarmIntake(db, { poke: () => undefined });
    const requests = async () => {
      let stored = 0;
      for (let i = 0; i < 15; i++) {
        sent.length = 0;
        const at = now + i * 1000;
        await intake.take({ macAddr: 'AABBCCDDEE99', userId: 77, clientId: 'merchant-0', type: 1 + (i % 2), minute: Math.floor(at / 60_000), perDevicePerMinute: 1000, perUserPerMinute: 1000, cameraTime: at, nowMs: at, cooldownStartMs: at - 60_000, newMessageId: randomUUID(), picture: undefined });
        const [{ messageId }] = (await requestPath.query(sent[0].text, sent[0].values)).rows;
        if (messageId) stored++;
        await requestPath.query(`SELECT id, last_at FROM push.alarm_message WHERE user_id = 77 ORDER BY last_at DESC LIMIT 20`);
        await requestPath.query(`UPDATE push.alarm_message SET read_at = now() WHERE id = $1`, [old]);
      }
      return stored;
    };
    const job = h.module.get(MessageRetentionJob);
    const [first, stored] = await Promise.all([job.purgeOnce(), requests()]);
    expect(stored).toBe(15);
    // Every statement of the budget made (a merchant with nothing expired takes one too), none beyond it.
    expect(batches).toHaveLength(MESSAGE_BATCHES);
    expect(first.messages).toBe(batches.reduce((a, b) => a + b, 0));
    expect(first.messages).toBeGreaterThan((MESSAGE_BATCHES - MERCHANTS.length) * MESSAGE_BATCH);

    let runs = 1;
    while ((await job.purgeOnce()).messages > 0) runs++;
    expect(runs).toBeGreaterThanOrEqual(Math.ceil(expired / (MESSAGE_BATCHES * MESSAGE_BATCH)));
    expect(Math.max(...batches)).toBeLessThanOrEqual(MESSAGE_BATCH);
    // Nothing expired is left as of the job's clock (a little later than the count above: a few more expired since).
    const end = h.clock.now();
    const endCutoffs = [7, 30, 1].map((days) => new Date(end - days * DAY_MS));
    expect(await count(`SELECT count(*)::int AS n FROM push.alarm_message WHERE ${expiredWhere}`, endCutoffs)).toBe(0);
    const left = await count(`SELECT count(*)::int AS n FROM push.alarm_message`);
    const purged = batches.reduce((a, b) => a + b, 0);
    expect(purged).toBeGreaterThanOrEqual(expired);
    // What stayed: the retained messages and the 2 the request path stored (two types: two messages, merged into).
    expect(left).toBe(MESSAGES + 2 - purged);
    expect(left).toBeLessThanOrEqual(kept + 2);
    expect(await count(`SELECT count(*)::int AS n FROM push.push_delivery`)).toBe(left - 2);
    expect(await count(`SELECT count(*)::int AS n FROM push.alarm_picture`)).toBe(await count(`SELECT count(*)::int AS n FROM push.alarm_message WHERE picture_bytes > 0`));
    // The alarm counts of past minutes went too, in batches; the current minute's stayed.
    expect(await count(`SELECT count(*)::int AS n FROM push.alarm_rate WHERE key LIKE 'd:0%'`)).toBe(0);
    expect(await count(`SELECT count(*)::int AS n FROM push.alarm_rate WHERE key = 'u:999999'`)).toBe(1);
  }, 120_000);

  it('a device.unbound with more messages than its statement deletes leaves the rest to the job, which keeps the next binding\'s', async () => {
    const [userId, mac] = [4242, 'AABBCCDD4242'];
    const many = MESSAGES_PURGED_WITH_EVENT + 1500;
    await h.sql.query(
      `INSERT INTO push.alarm_message (id, user_id, client_id, mac_addr, type, first_at, last_at, count, received_at, updated_at)
       SELECT gen_random_uuid(), $1, 'merchant-0', $2, 1, $3::timestamptz - i * interval '1 second', $3::timestamptz - i * interval '1 second', 1,
              now() - interval '1 minute', $3::timestamptz - i * interval '1 second'
       FROM generate_series(1, $4::int) AS i`,
      [userId, mac, new Date(now), many],
    );
    const mine = () => count(`SELECT count(*)::int AS n FROM push.alarm_message WHERE user_id = $1 AND mac_addr = $2`, [userId, mac]);
    const from = consumed.items.length;
    await h.runtime.events.publish(buildEvent('deviceUnbound', { userId, macAddr: mac, reason: 'user' }));
    await applied('dcp.device.device.unbound.v1', from);
    expect(await mine()).toBe(many - MESSAGES_PURGED_WITH_EVENT);
    expect((await h.sql.query(`SELECT user_id, mac_addr FROM push.message_purge`)).rows).toEqual([{ user_id: userId, mac_addr: mac }]);
    // Bound again to the same user: its next message is not the old binding's.
    await h.sql.query(
      `INSERT INTO push.alarm_message (id, user_id, client_id, mac_addr, type, first_at, last_at, count, received_at, updated_at)
       VALUES (gen_random_uuid(), $1, 'merchant-0', $2, 2, now() + interval '1 second', now() + interval '1 second', 1, now() + interval '1 second', now() + interval '1 second')`,
      [userId, mac],
    );
    await h.module.get(MessageRetentionJob).purgeOnce();
    expect(await mine()).toBe(1);
    expect(await count(`SELECT count(*)::int AS n FROM push.message_purge`)).toBe(0);
  });
});

