/**
 * The durability guarantees every consuming service relies on (issue: durable user-deletion propagation),
 * proved against real NATS JetStream and PostgreSQL with the same ServiceEvents the services use:
 * - an event published while the consumer is stopped is applied when it starts again;
 * - a consumer that dies between its effect and its ack applies the effect once (inbox);
 * - an event whose effect committed is never a dead letter, however many of its deliveries reported failure;
 * - an event that keeps failing lands in the dead-letter table after EVENT_MAX_DELIVER attempts, visible
 *   to operators through the admin contract and the metric;
 * - the outbox drains after NATS comes back.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { EVENTS, deadLetterContracts } from '@dcp/contracts';
import { buildEvent, enqueueEvent, type SqlClient, type TransactionalSqlClient } from '@dcp/messaging';
import {
  Collector,
  type MessagingDatabase,
  type PgSqlClient,
  TEST_NATS_URL,
  createMessagingDatabase,
  describeWithInfra,
  freePort,
  natsServerBinary,
  parsePrometheusText,
  startNatsServer,
  stopNatsServer,
  uniqueName,
} from '@dcp/testing';
import type { Pool } from 'pg';
import { loadConfig } from '../src/config/config';
import { type Runtime, createRuntime } from '../src/host/create-runtime';
import { type HandledEvent, ServiceEvents } from '../src/events/service-events';

const SCHEMA = 'device';
const userDeleted = (userId: number) => buildEvent('userDeleted', { userId, openId: `o${userId}`, clientId: 'c', uuid: `u${userId}` });

describeWithInfra(['postgres', 'nats'], 'ServiceEvents on PostgreSQL and NATS JetStream', () => {
  let pool: Pool;
  let client: PgSqlClient;
  let db: MessagingDatabase;
  let dataDir: string;
  const runtimes: Runtime[] = [];
  const services: ServiceEvents<SqlClient>[] = [];

  beforeAll(async () => {
    db = await createMessagingDatabase('dcp_events', SCHEMA);
    ({ pool, client } = db);
    await pool.query(`CREATE TABLE "${SCHEMA}".effect (event_id uuid NOT NULL, note text NOT NULL)`);
    dataDir = await mkdtemp(join(tmpdir(), 'dcp-events-'));
  });
  afterEach(async () => {
    for (const s of services.splice(0)) await s.stop();
    for (const r of runtimes.splice(0)) await r.close();
  });
  afterAll(async () => {
    await db?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** A runtime on its own stream (isolated from other specs) with quick redelivery. */
  async function runtime(opts: { url?: string; stream?: string } = {}): Promise<Runtime> {
    const config = loadConfig({
      DATABASE_URL: 'postgresql://unused@127.0.0.1/unused',
      NATS_URL: opts.url ?? TEST_NATS_URL,
      DATA_DIR: dataDir,
      EVENT_MAX_DELIVER: '3',
      EVENT_RETRY_DELAY_MS: '50',
      EVENT_ACK_WAIT_MS: '2000',
    } as NodeJS.ProcessEnv);
    const stream = opts.stream ?? uniqueName('EVT');
    const r = await createRuntime(config, { bus: { kind: 'nats', url: config.natsUrl!, stream, subjectPrefix: stream.toLowerCase() } });
    // Handlers registered from here on are subscribed at once (SDF1).
    await r.openIntake();
    runtimes.push(r);
    return r;
  }

  function serviceEvents(r: Runtime, sqlClient: TransactionalSqlClient = client): { events: ServiceEvents<SqlClient>; handled: Collector<HandledEvent> } {
    const events = new ServiceEvents<SqlClient>(r, { service: 'device', client: sqlClient });
    const handled = new Collector<HandledEvent>();
    events.onHandled(handled.push);
    services.push(events);
    return { events, handled };
  }

  const effectsOf = async (eventId: string) => (await pool.query(`SELECT note FROM "${SCHEMA}".effect WHERE event_id = $1`, [eventId])).rows.map((r) => r.note as string);
  const recordEffect = async (_data: unknown, tx: SqlClient, env: { id: string }) => {
    await tx.$executeRawUnsafe(`INSERT INTO "${SCHEMA}".effect (event_id, note) VALUES ($1::uuid, 'applied')`, env.id);
  };

  describe('enqueue: the outbox row inside the transaction, the relay poked after its commit', () => {
    const outboxRowsOfUser = async (userId: number) => (await pool.query(`SELECT id FROM "${SCHEMA}".outbox_event WHERE payload->'data'->>'userId' = $1`, [String(userId)])).rows;
    const deviceBound = (n: number) => ({ macAddr: `AABBCCDDEE${String(n % 100).padStart(2, '0')}`, userId: n, oemCode: 'OEM' });

    it('pokes once the transaction has committed: another connection already sees the row at the poke', async () => {
      const { events } = serviceEvents(await runtime());
      const seenAtPoke: Promise<number>[] = [];
      const order: string[] = [];
      jest.spyOn(events, 'poke').mockImplementation(() => {
        order.push('poke');
        seenAtPoke.push(pool.query(`SELECT count(*)::int AS n FROM "${SCHEMA}".outbox_event WHERE payload->'data'->>'userId' = '101'`).then((r) => r.rows[0].n as number));
      });
      await events.transaction(async (tx) => {
        await events.enqueue(tx, 'deviceBound', deviceBound(101));
        order.push('enqueued');
        await events.enqueue(tx, 'deviceBound', deviceBound(101));
      });
      expect(order).toEqual(['enqueued', 'poke']);
      expect(await Promise.all(seenAtPoke)).toEqual([2]);
    });

    it('does not poke (and writes nothing) when the transaction rolls back', async () => {
      const { events } = serviceEvents(await runtime());
      const poke = jest.spyOn(events, 'poke').mockImplementation(() => undefined);
      await expect(
        events.transaction(async (tx) => {
          await events.enqueue(tx, 'deviceBound', deviceBound(102));
          throw new Error('the change failed');
        }),
      ).rejects.toThrow('the change failed');
      expect(poke).not.toHaveBeenCalled();
      expect(await outboxRowsOfUser(102)).toEqual([]);
    });

    it('does not poke for a transaction that enqueued nothing', async () => {
      const { events } = serviceEvents(await runtime());
      const poke = jest.spyOn(events, 'poke').mockImplementation(() => undefined);
      expect(await events.transaction(async () => 'done')).toBe('done');
      expect(poke).not.toHaveBeenCalled();
    });

    it('refuses to enqueue outside a transaction of its ServiceEvents (no enqueue can miss its poke)', async () => {
      const { events } = serviceEvents(await runtime());
      await expect(client.$transaction((tx) => events.enqueue(tx, 'deviceBound', deviceBound(103)))).rejects.toThrow(/outside a transaction of its ServiceEvents/);
      let leaked: SqlClient | undefined;
      await events.transaction(async (tx) => {
        leaked = tx;
      });
      await expect(events.enqueue(leaked!, 'deviceBound', deviceBound(103))).rejects.toThrow(/outside a transaction/);
      expect(await outboxRowsOfUser(103)).toEqual([]);
    });

    it('a reaction enqueues in its inbox transaction and the relay is poked after that commits', async () => {
      const r = await runtime();
      const { events, handled } = serviceEvents(r);
      const order: string[] = [];
      jest.spyOn(events, 'poke').mockImplementation(() => order.push('poke'));
      events.onHandled((h) => order.push(h.outcome));
      await events.consume({
        userDeleted: async (data, tx) => {
          await events.enqueue(tx, 'deviceUnbound', { macAddr: 'AABBCCDDEE04', userId: data.userId, reason: 'user-deleted' });
          order.push('enqueued');
        },
      });
      const event = userDeleted(104);
      await r.events.publish(event);
      await handled.until((xs) => xs.some((h) => h.eventId === event.id && h.outcome === 'applied'), 'the reaction');
      expect(order).toEqual(['enqueued', 'applied', 'poke']);
    });
  });

  it('applies an event published while the consumer was stopped once it starts again', async () => {
    const r = await runtime();
    const first = serviceEvents(r);
    await first.events.consume({ userDeleted: recordEffect });
    await first.events.stop();

    const missed = userDeleted(1);
    await r.events.publish(missed);

    const second = serviceEvents(r);
    await second.events.consume({ userDeleted: recordEffect });
    await second.handled.until((xs) => xs.some((h) => h.eventId === missed.id && h.outcome === 'applied'), 'the event published while stopped');
    expect(await effectsOf(missed.id)).toEqual(['applied']);
  });

  it('applies the effect once when the consumer dies between its effect and its ack', async () => {
    const r = await runtime();
    // The first delivery commits the effect, then the process "dies" before the ack (the commit returns
    // and the consumer never acknowledges): JetStream delivers the event again.
    let crashAfterCommit = true;
    const crashing: TransactionalSqlClient = {
      $queryRawUnsafe: (q, ...v) => client.$queryRawUnsafe(q, ...v),
      $executeRawUnsafe: (q, ...v) => client.$executeRawUnsafe(q, ...v),
      $transaction: async (fn) => {
        const result = await client.$transaction(fn);
        if (crashAfterCommit) {
          crashAfterCommit = false;
          throw new Error('process killed after commit, before ack');
        }
        return result;
      },
    };
    const { events, handled } = serviceEvents(r, crashing);
    await events.consume({ userDeleted: recordEffect });
    const event = userDeleted(2);
    await r.events.publish(event);
    await handled.until((xs) => xs.some((h) => h.eventId === event.id && h.outcome === 'duplicate'), 'the redelivery after the crash');
    expect(handled.items.filter((h) => h.eventId === event.id).map((h) => h.outcome)).toEqual(['failed', 'duplicate']);
    expect(await effectsOf(event.id)).toEqual(['applied']);
  });

  it('never dead-letters an event whose effect committed, however many deliveries reported failure (FD2)', async () => {
    const r = await runtime();
    // Every transaction commits and then "fails" (the process loses the commit's answer, or is killed before
    // its ack): EVENT_MAX_DELIVER (3) deliveries all report a failure, yet the first one applied the event.
    const losesEveryCommit: TransactionalSqlClient = {
      $queryRawUnsafe: (q, ...v) => client.$queryRawUnsafe(q, ...v),
      $executeRawUnsafe: (q, ...v) => client.$executeRawUnsafe(q, ...v),
      $transaction: async (fn) => {
        await client.$transaction(fn);
        throw new Error('connection lost after commit');
      },
    };
    const { events, handled } = serviceEvents(r, losesEveryCommit);
    events.registerDeadLetterAdmin('device');
    await events.consume({ userDeleted: recordEffect });
    const event = userDeleted(5);
    await r.events.publish(event);
    await handled.until((xs) => xs.filter((h) => h.eventId === event.id).length === 4, 'three deliveries and the verdict');
    expect(handled.items.filter((h) => h.eventId === event.id).map((h) => h.outcome)).toEqual(['failed', 'failed', 'failed', 'duplicate']);
    expect(await effectsOf(event.id)).toEqual(['applied']);
    const listed = await r.rpcClient.request(deadLetterContracts('device').list, {});
    expect(listed.items.filter((d) => d.eventId === event.id)).toEqual([]);
  });

  it('dead-letters an event that keeps failing after EVENT_MAX_DELIVER attempts, for operators to see and replay', async () => {
    const r = await runtime();
    let broken = true;
    const { events, handled } = serviceEvents(r);
    events.registerDeadLetterAdmin('device');
    await events.consume({
      userDeleted: async (data, tx, env) => {
        if (broken) throw new Error('downstream table is locked');
        await recordEffect(data, tx, env);
      },
    });
    const poison = userDeleted(3);
    await r.events.publish(poison);
    await handled.until((xs) => xs.some((h) => h.eventId === poison.id && h.outcome === 'dead-lettered'), 'the dead letter');
    expect(handled.items.filter((h) => h.eventId === poison.id).map((h) => h.outcome)).toEqual(['failed', 'failed', 'failed', 'dead-lettered']);
    expect(await effectsOf(poison.id)).toEqual([]);

    const admin = deadLetterContracts('device');
    const listed = await r.rpcClient.request(admin.list, {});
    const entry = listed.items.find((d) => d.eventId === poison.id);
    expect(entry).toMatchObject({ durable: 'device-service', subject: EVENTS.userDeleted.subject, deliveries: 3, error: expect.stringContaining('downstream table is locked'), resolvedAt: null });
    expect(await r.metrics.render()).toMatch(/dcp_dead_letters_open\{service="device"\} 1\b/);
    const scrape = parsePrometheusText(await r.metrics.render());
    expect(scrape.find('dcp_dead_letters_total', { service: 'device', subject: EVENTS.userDeleted.subject })[0].value).toBeGreaterThanOrEqual(1);
    // The poison event came back twice after its first delivery.
    expect(scrape.find('dcp_event_redeliveries_total', { service: 'device', subject: EVENTS.userDeleted.subject })[0].value).toBeGreaterThanOrEqual(2);

    // The cause is fixed; the operator replays the event (through the inbox) and the entry is resolved.
    broken = false;
    const resolved = await r.rpcClient.request(admin.resolve, { id: entry!.id, body: { replay: true } });
    expect(resolved.resolvedAt).not.toBeNull();
    expect(await effectsOf(poison.id)).toEqual(['applied']);
    expect(await r.metrics.render()).toMatch(/dcp_dead_letters_open\{service="device"\} 0\b/);
    await expect(r.rpcClient.request(admin.resolve, { id: entry!.id, body: {} })).rejects.toMatchObject({ value: 'AD0409' });
  });

  const bin = natsServerBinary();
  it('drains the outbox after NATS comes back', async () => {
    if (!bin) throw new Error('REQUIRE_INFRA needs the nats-server binary (Debian package nats-server)');
    const storeDir = await mkdtemp(join(tmpdir(), 'dcp-nats-'));
    const port = await freePort();
    let server: ChildProcess | undefined = await startNatsServer(bin, port, storeDir);
    try {
      const stream = uniqueName('DRAIN');
      const producer = await runtime({ url: `nats://127.0.0.1:${port}`, stream });
      const outbox = serviceEvents(producer).events;
      outbox.startOutbox();

      await stopNatsServer(server);
      server = undefined;
      const event = userDeleted(4);
      await client.$transaction((tx) => enqueueEvent(tx, SCHEMA, event));
      outbox.poke();
      // While NATS is down the row stays pending.
      expect((await pool.query(`SELECT published_at FROM "${SCHEMA}".outbox_event WHERE id = $1`, [event.id])).rows[0].published_at).toBeNull();

      server = await startNatsServer(bin, port, storeDir);
      const consumer = await runtime({ url: `nats://127.0.0.1:${port}`, stream });
      const { events, handled } = serviceEvents(consumer);
      await events.consume({ userDeleted: recordEffect });
      await handled.until((xs) => xs.some((h) => h.eventId === event.id && h.outcome === 'applied'), 'the event relayed after NATS came back', 40_000);
      expect(await effectsOf(event.id)).toEqual(['applied']);
    } finally {
      for (const s of services.splice(0)) await s.stop();
      for (const r of runtimes.splice(0)) await r.close();
      if (server) await stopNatsServer(server);
      await rm(storeDir, { recursive: true, force: true });
    }
  }, 60_000);
});
