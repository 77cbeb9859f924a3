/**
 * Reactions written as one statement (decisions OB3), against real PostgreSQL and NATS JetStream, with the
 * same ServiceEvents the services use: the inbox row, the effect and the outbox rows commit together or not at
 * all; an event delivered again changes nothing; the events the statement wrote are published in row order;
 * a failing statement leaves nothing behind and ends as a dead letter like any other reaction; `before` runs on
 * every delivery.
 */
import { EVENTS, type EventEnvelope, type EventPayload } from '@dcp/contracts';
import type { HotStatementRunner } from '@dcp/database';
import { buildEvent, type SqlClient } from '@dcp/messaging';
import { Collector, PgSqlClient, TEST_NATS_URL, createTestDatabase, describeWithInfra, messagingTablesSql, uniqueName } from '@dcp/testing';
import { Pool } from 'pg';
import { loadConfig } from '../src/config/config';
import { type Runtime, createRuntime } from '../src/host/create-runtime';
import { type HandledEvent, ServiceEvents } from '../src/events/service-events';
import { eventHeadJson, outboxEventsCte, reactionStatement, type StatementOutcome, type StatementReaction } from '../src/events/statement-reaction';

interface Outcome extends StatementOutcome {
  noted: number;
}

/**
 * $2 user id, $3 how many devices the user had (their MACs end in 01, 02, …), $4 the device.unbound head,
 * $5 a divisor: 0 makes the statement fail after it has written its inbox row and its note.
 */
const NOTE_AND_UNBIND = reactionStatement<Outcome>({
  service: 'device',
  name: 'spec-note-and-unbind',
  ctes: `noted AS (
       INSERT INTO "device".note (user_id, weight) SELECT $2, 1 / $5::int FROM inbox RETURNING user_id
     ), devices AS (
       SELECT n AS position, 'AABBCCDDEE' || lpad(n::text, 2, '0') AS mac FROM inbox, generate_series(1, $3::int) AS n
     ), events AS (${outboxEventsCte('device', 'deviceUnbound', {
       head: '$4',
       from: 'devices AS d',
       data: `jsonb_build_object('macAddr', d.mac, 'userId', $2::int, 'reason', 'user-deleted')`,
       order: 'd.position',
     })})`,
  select: `(SELECT count(*)::int FROM events) AS enqueued, (SELECT count(*)::int FROM noted) AS noted`,
});

class NoteAndUnbind implements StatementReaction<'userDeleted', Outcome> {
  readonly event = 'userDeleted';
  readonly statement = NOTE_AND_UNBIND;
  readonly appliedRows: Outcome[] = [];
  readonly before = jest.fn((data: EventPayload<'userDeleted'>) => data.userId);
  constructor(
    private readonly devices: number,
    private readonly divisor = 1,
  ) {}
  params(data: EventPayload<'userDeleted'>): readonly unknown[] {
    return [data.userId, this.devices, eventHeadJson('deviceUnbound'), this.divisor];
  }
  applied(row: Outcome): void {
    this.appliedRows.push(row);
  }
}

const userDeleted = (userId: number) => buildEvent('userDeleted', { userId, openId: `o${userId}`, clientId: 'c', uuid: `u${userId}` });

describeWithInfra(['postgres', 'nats'], 'statement reactions (OB3) on PostgreSQL and NATS JetStream', () => {
  let pool: Pool;
  let client: PgSqlClient;
  let run: HotStatementRunner;
  let dropDatabase: () => Promise<void>;
  const runtimes: Runtime[] = [];
  const services: ServiceEvents<SqlClient>[] = [];

  beforeAll(async () => {
    const db = await createTestDatabase('dcp_statement_reactions');
    dropDatabase = db.drop;
    pool = new Pool({ connectionString: db.url, max: 4 });
    pool.on('error', () => undefined);
    await pool.query(messagingTablesSql('device'));
    await pool.query(`CREATE TABLE "device".note (user_id int NOT NULL, weight int NOT NULL)`);
    client = new PgSqlClient(pool);
    // What the service database's runner does on PostgreSQL: named prepared statements of the pg driver.
    run = async <Row>(statement: { name: string; text: string }, params: readonly unknown[]) =>
      (await pool.query({ name: statement.name, text: statement.text, values: [...params] })).rows as Row[];
  });
  afterEach(async () => {
    for (const s of services.splice(0)) await s.stop();
    for (const r of runtimes.splice(0)) await r.close();
  });
  afterAll(async () => {
    await pool?.end();
    await dropDatabase?.();
  });

  async function started(reaction: NoteAndUnbind): Promise<{ r: Runtime; events: ServiceEvents<SqlClient>; handled: Collector<HandledEvent> }> {
    const config = loadConfig({ DATABASE_URL: 'postgresql://unused@127.0.0.1/unused', NATS_URL: TEST_NATS_URL, EVENT_MAX_DELIVER: '2', EVENT_RETRY_DELAY_MS: '50', EVENT_ACK_WAIT_MS: '2000' } as NodeJS.ProcessEnv);
    const stream = uniqueName('STMT');
    const r = await createRuntime(config, { bus: { kind: 'nats', url: config.natsUrl!, stream, subjectPrefix: stream.toLowerCase() } });
    runtimes.push(r);
    const events = new ServiceEvents<SqlClient>(r, { service: 'device', client, run });
    services.push(events);
    const handled = new Collector<HandledEvent>();
    events.onHandled(handled.push);
    events.startOutbox();
    await events.react(reaction);
    return { r, events, handled };
  }

  const notesOf = async (userId: number) => (await pool.query(`SELECT count(*)::int AS n FROM "device".note WHERE user_id = $1`, [userId])).rows[0].n as number;
  const outboxOf = async (userId: number) =>
    (await pool.query(`SELECT payload FROM "device".outbox_event WHERE (payload->'data'->>'userId')::int = $1 ORDER BY seq`, [userId])).rows.map((row) => row.payload as EventEnvelope);
  const inboxHas = async (eventId: string) => (await pool.query(`SELECT 1 FROM "device".inbox_event WHERE event_id = $1::uuid`, [eventId])).rowCount === 1;

  it('applies once: the effect and one valid envelope per row, in row order, published by the relay; a redelivery is a duplicate that changes nothing', async () => {
    const reaction = new NoteAndUnbind(3);
    const { r, handled } = await started(reaction);
    const unbound = new Collector<EventEnvelope>();
    const subscription = await r.events.subscribe([EVENTS.deviceUnbound.subject], (e) => unbound.push(e));
    const event = userDeleted(7001);

    await r.events.publish(event);
    await handled.until((xs) => xs.some((h) => h.eventId === event.id && h.outcome === 'applied'), 'the statement applied');
    expect(reaction.appliedRows).toEqual([{ applied: true, enqueued: 3, noted: 1 }]);
    const written = await outboxOf(7001);
    expect(written.map((e) => e.data)).toEqual(['01', '02', '03'].map((n) => ({ macAddr: `AABBCCDDEE${n}`, userId: 7001, reason: 'user-deleted' })));
    expect(new Set(written.map((e) => e.id)).size).toBe(3);
    expect(written[0]).toMatchObject({ type: EVENTS.deviceUnbound.subject, source: 'device-service' });
    const published = await unbound.until((xs) => xs.filter((e) => e.data.userId === 7001).length === 3, 'the three device.unbound events');
    expect(published.filter((e) => e.data.userId === 7001).map((e) => e.id)).toEqual(written.map((e) => e.id));

    // Delivered again, to a replica: on a stream of its own, as JetStream drops a republished id as a duplicate.
    const replica = await started(reaction);
    await replica.r.events.publish(event);
    await replica.handled.until((xs) => xs.some((h) => h.eventId === event.id && h.outcome === 'duplicate'), 'the redelivery');
    expect(reaction.appliedRows).toHaveLength(1);
    // `before` (a replica's cache to clear) runs on every delivery, the duplicate's too.
    expect(reaction.before.mock.results.map((r) => r.value)).toEqual([7001, 7001]);
    expect(await notesOf(7001)).toBe(1);
    expect(await outboxOf(7001)).toHaveLength(3);
    await subscription.stop();
  });

  it('an event with nothing to publish applies without writing the outbox', async () => {
    const reaction = new NoteAndUnbind(0);
    const { r, events, handled } = await started(reaction);
    const poke = jest.spyOn(events, 'poke');
    const event = userDeleted(7002);
    await r.events.publish(event);
    await handled.until((xs) => xs.some((h) => h.eventId === event.id && h.outcome === 'applied'), 'the statement applied');
    expect(reaction.appliedRows).toEqual([{ applied: true, enqueued: 0, noted: 1 }]);
    expect(await outboxOf(7002)).toEqual([]);
    expect(poke).not.toHaveBeenCalled();
  });

  it('a statement that fails after writing its inbox row leaves nothing behind and ends as a dead letter', async () => {
    const reaction = new NoteAndUnbind(2, 0);
    const { r, handled } = await started(reaction);
    const event = userDeleted(7003);
    await r.events.publish(event);
    await handled.until((xs) => xs.some((h) => h.eventId === event.id && h.outcome === 'dead-lettered'), 'the dead letter');
    expect(handled.items.filter((h) => h.eventId === event.id).map((h) => h.outcome)).toEqual(['failed', 'failed', 'dead-lettered']);
    expect(reaction.appliedRows).toEqual([]);
    expect(await inboxHas(event.id)).toBe(false);
    expect(await notesOf(7003)).toBe(0);
    expect(await outboxOf(7003)).toEqual([]);
  });

  it('refuses a statement reaction on a ServiceEvents given no statement runner', async () => {
    const config = loadConfig({ DATABASE_URL: 'postgresql://unused@127.0.0.1/unused', NATS_URL: TEST_NATS_URL } as NodeJS.ProcessEnv);
    const stream = uniqueName('STMT');
    const r = await createRuntime(config, { bus: { kind: 'nats', url: config.natsUrl!, stream, subjectPrefix: stream.toLowerCase() } });
    runtimes.push(r);
    const events = new ServiceEvents<SqlClient>(r, { service: 'device', client });
    services.push(events);
    await expect(events.react(new NoteAndUnbind(1))).rejects.toThrow(/no statement runner/);
  });
});
