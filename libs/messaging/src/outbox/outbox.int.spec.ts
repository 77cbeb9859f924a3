import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { EVENTS, type EventEnvelope } from '@dcp/contracts';
import { PgSqlClient, createTestDatabase, describeWithInfra, messagingTablesSql } from '@dcp/testing';
import type { Bus, EventBus } from '../api';
import { buildEvent } from '../build-event';
import { createBus } from '../create-bus';
import { Collector, envelopes, gate, recordingLogger } from '../test/helpers';

import { countDeadLetters, deadLetterSink, listDeadLetters, resolveDeadLetter } from './dead-letters';
import { runOnce } from './inbox';
import { OutboxRelay } from './outbox-relay';
import { enqueueEvent, outboxRow } from './outbox-row';

const userDeleted = (userId: number) => buildEvent('userDeleted', { userId, openId: `o${userId}`, clientId: 'c', uuid: `u${userId}` });
const subjects = [EVENTS.userDeleted.subject];
const noDeadLetters = async () => {
  throw new Error('unexpected dead letter');
};

describeWithInfra(['postgres'], 'outbox, inbox and dead letters on PostgreSQL', () => {
  let db: { url: string; drop: () => Promise<void> };
  let pool: Pool;
  let client: PgSqlClient;
  let schema: string;
  let bus: Bus;
  const relays: OutboxRelay[] = [];

  beforeAll(async () => {
    db = await createTestDatabase('dcp_messaging');
    pool = new Pool({ connectionString: db.url, max: 6 });
    // An idle connection ended by the server (the spec's own DROP DATABASE … WITH (FORCE) at teardown) is
    // reported on the pool; unobserved, Node would turn it into an unhandled error of whichever test runs.
    pool.on('error', () => undefined);
    pool.on('error', () => undefined);
    client = new PgSqlClient(pool);
  });
  afterAll(async () => {
    await pool.end();
    await db.drop();
  });
  beforeEach(async () => {
    schema = `svc_${randomUUID().slice(0, 8)}`;
    await pool.query(messagingTablesSql(schema));
    bus = await createBus({ kind: 'in-process', logger: recordingLogger() });
  });
  afterEach(async () => {
    await Promise.all(relays.splice(0).map((r) => r.stop()));
    await bus.close();
  });

  const relay = (events: Pick<EventBus, 'publish'>, extra: Partial<ConstructorParameters<typeof OutboxRelay>[0]> = {}) => {
    const r = new OutboxRelay({ schema, client, events, logger: recordingLogger(), backoffInitialMs: 20, backoffMaxMs: 50, ...extra });
    relays.push(r);
    return r;
  };
  const outboxRows = async () =>
    (await pool.query(`SELECT id::text, published_at, attempts, last_error FROM "${schema}".outbox_event ORDER BY created_at, id`)).rows as Array<{
      id: string;
      published_at: Date | null;
      attempts: number;
      last_error: string | null;
    }>;

  describe('outbox', () => {
    it('builds the row a producer inserts with its Prisma model', () => {
      const event = userDeleted(1);
      const row = outboxRow(event);
      expect(row).toEqual({ id: event.id, subject: EVENTS.userDeleted.subject, payload: { ...event }, createdAt: expect.any(Date) });
      expect(() => outboxRow({ ...event, data: { userId: 0 } } as unknown as EventEnvelope)).toThrow();
    });

    it('purges published events older than the stream keeps them in bounded batches; unpublished and recent ones stay', async () => {
      const insert = (count: number, publishedAgo: string | null) =>
        pool.query(
          `INSERT INTO "${schema}".outbox_event (id, subject, payload, created_at, published_at)
           SELECT gen_random_uuid(), 'dcp.test.v1', '{}'::jsonb, now() - interval '9 days', ${publishedAgo === null ? 'NULL' : `now() - interval '${publishedAgo}'`}
           FROM generate_series(1, ${count})`,
        );
      await insert(25_000, '8 days');
      await insert(3, '1 hour');
      await insert(2, null);
      const r = relay({ publish: async () => undefined });
      const count = async () => (await pool.query(`SELECT count(*)::int AS n FROM "${schema}".outbox_event`)).rows[0].n as number;
      const purge = () => (r as unknown as { purgeOld(): Promise<void> }).purgeOld();
      // One pass deletes at most 4 batches of 5,000: the rest waits for the next pass, never one long DELETE.
      await purge();
      expect(await count()).toBe(5_000 + 5);
      await purge();
      expect(await count()).toBe(5);
      // Done: the next look waits its hour.
      await insert(10, '8 days');
      await purge();
      expect(await count()).toBe(15);
    });

    it('purges inbox rows 14 days after they were processed and dead letters 30 days after they were resolved, never open ones', async () => {
      await pool.query(
        `INSERT INTO "${schema}".inbox_event (durable, event_id, processed_at)
         SELECT 'svc', gen_random_uuid(), now() - interval '15 days' FROM generate_series(1, 7) UNION ALL
         SELECT 'svc', gen_random_uuid(), now() - interval '13 days' FROM generate_series(1, 2)`,
      );
      const deadLetter = (ago: string, resolvedAgo: string | null) =>
        `SELECT gen_random_uuid(), 'svc', 'dcp.test.v1', NULL::uuid, '{}'::jsonb, 5, 'boom', now() - interval '${ago}', ${resolvedAgo === null ? 'NULL' : `now() - interval '${resolvedAgo}'`}`;
      await pool.query(
        `INSERT INTO "${schema}".dead_letter_event (id, durable, subject, event_id, payload, deliveries, error, created_at, resolved_at)
         ${deadLetter('60 days', '31 days')} UNION ALL ${deadLetter('60 days', '29 days')} UNION ALL ${deadLetter('90 days', null)}`,
      );
      const r = relay({ publish: async () => undefined });
      await (r as unknown as { purgeOld(): Promise<void> }).purgeOld();
      expect((await pool.query(`SELECT count(*)::int AS n FROM "${schema}".inbox_event`)).rows[0].n).toBe(2);
      expect((await pool.query(`SELECT resolved_at IS NULL AS open FROM "${schema}".dead_letter_event ORDER BY open`)).rows).toEqual([{ open: false }, { open: true }]);
    });

    it('writes the event only when the producing transaction commits', async () => {
      const committed = userDeleted(2);
      await client.$transaction((tx) => enqueueEvent(tx, schema, committed));
      await expect(
        client.$transaction(async (tx) => {
          await enqueueEvent(tx, schema, userDeleted(3));
          throw new Error('the business change failed');
        }),
      ).rejects.toThrow('the business change failed');
      expect((await outboxRows()).map((r) => r.id)).toEqual([committed.id]);
    });

    it('publishes pending rows in order and marks them published after the ack', async () => {
      const got = envelopes();
      await bus.events.consume({ durable: 'reader', subjects }, async (e) => got.push(e), noDeadLetters);
      const events = [userDeleted(4), userDeleted(5), userDeleted(6)];
      for (const e of events) await client.$transaction((tx) => enqueueEvent(tx, schema, e));
      const r = relay(bus.events);
      expect(await r.pending()).toBe(3);
      await expect(r.publishPending()).resolves.toEqual({ published: 3, more: false });
      await got.until((xs) => xs.length === 3, 'three events');
      expect(got.items.map((e) => e.id)).toEqual(events.map((e) => e.id));
      expect((await outboxRows()).every((row) => row.published_at instanceof Date && row.attempts === 1)).toBe(true);
      expect(await r.pending()).toBe(0);
    });

    it('keeps rows while the bus is down, records the failures, and drains once it is back', async () => {
      let down = true;
      const failures = new Collector<string>();
      const flaky: Pick<EventBus, 'publish'> = {
        publish: async (e) => {
          if (down) {
            failures.push(e.id);
            throw new Error('NATS unavailable');
          }
          await bus.events.publish(e);
        },
      };
      const got = envelopes();
      await bus.events.consume({ durable: 'reader', subjects }, async (e) => got.push(e), noDeadLetters);
      const events = [userDeleted(7), userDeleted(8)];
      for (const e of events) await client.$transaction((tx) => enqueueEvent(tx, schema, e));

      const r = relay(flaky);
      r.start();
      await failures.until((xs) => xs.length >= 3, 'three failed attempts');
      const [first, second] = await outboxRows();
      expect(first.published_at).toBeNull();
      expect(first.attempts).toBeGreaterThanOrEqual(2);
      expect(first.last_error).toBe('NATS unavailable');
      expect(second.attempts).toBe(0); // order is kept: nothing behind the failing row was sent
      expect(failures.items.every((id) => id === events[0].id)).toBe(true);

      down = false;
      await got.until((xs) => xs.length === 2, 'both events after recovery');
      expect(got.items.map((e) => e.id)).toEqual(events.map((e) => e.id));
      // The rows are marked when the relay's transaction commits, just after the publish acks.
      await waitForPending(r, 0);
      expect((await outboxRows())[0].last_error).toBeNull();
    });

    it('publishes right after poke() without waiting for the next poll', async () => {
      const arrived = envelopes();
      await bus.events.consume({ durable: 'reader', subjects }, async (e) => arrived.push(e), noDeadLetters);
      const first = userDeleted(9);
      await client.$transaction((tx) => enqueueEvent(tx, schema, first));
      const r = relay(bus.events, { pollIntervalMs: 60_000 });
      r.start();
      await arrived.until((xs) => xs.length === 1, 'the first event (first pass)');
      // The relay now waits 60 s for its next poll; only the poke can bring the second event in time.
      const second = userDeleted(10);
      await client.$transaction((tx) => enqueueEvent(tx, schema, second));
      r.poke();
      await arrived.until((xs) => xs.length === 2, 'the poked event', 5_000);
      expect(arrived.items.map((e) => e.id)).toEqual([first.id, second.id]);
    });

    describe('publishCommitted (the fast path after a commit, decisions OB1)', () => {
      /** The relay's client, counting its passes (each one transaction) as they end. */
      const countingPasses = () => {
        const passes = new Collector<number>();
        const counted = Object.assign(Object.create(client) as PgSqlClient, {
          $transaction: async <R>(fn: Parameters<PgSqlClient['$transaction']>[0]) => {
            try {
              return (await client.$transaction(fn)) as R;
            } finally {
              passes.push(1);
            }
          },
        });
        return { passes, counted };
      };

      it('publishes what a commit wrote and marks the row, with no relay pass', async () => {
        const arrived = envelopes();
        await bus.events.consume({ durable: 'reader', subjects }, async (e) => arrived.push(e), noDeadLetters);
        const { passes, counted } = countingPasses();
        const r = relay(bus.events, { client: counted, pollIntervalMs: 60_000 });
        r.start();
        await passes.until((xs) => xs.length === 1, 'the start-up pass');
        const event = userDeleted(30);
        await client.$transaction((tx) => enqueueEvent(tx, schema, event));
        r.publishCommitted([event]);
        await arrived.until((xs) => xs.length === 1, 'the committed event');
        expect(arrived.items[0]).toEqual(event);
        await waitForPending(r, 0);
        expect((await outboxRows())[0]).toMatchObject({ id: event.id, attempts: 1, last_error: null });
        expect(passes.items).toHaveLength(1);
      });

      it('marks through the named prepared statement it is given (the service database\'s runner), not the client', async () => {
        const arrived = envelopes();
        await bus.events.consume({ durable: 'reader', subjects }, async (e) => arrived.push(e), noDeadLetters);
        const prepared = new Collector<string>();
        const runPrepared = async (statement: { name: string; text: string }, params: readonly unknown[]) => {
          prepared.push(statement.name);
          return (await pool.query({ name: statement.name, text: statement.text, values: [...params] })).rows;
        };
        const r = relay(bus.events, { pollIntervalMs: 60_000, runPrepared });
        r.start();
        const event = userDeleted(31);
        await client.$transaction((tx) => enqueueEvent(tx, schema, event));
        const executeRaw = jest.spyOn(client, '$executeRawUnsafe');
        r.publishCommitted([event]);
        await arrived.until((xs) => xs.length === 1, 'the committed event');
        await waitForPending(r, 0);
        expect(prepared.items).toEqual([`${schema}.outbox-mark-published`]);
        // The relay's own start-up pass may purge through the client meanwhile; no marking UPDATE goes that way.
        expect(executeRaw.mock.calls.filter(([sql]) => String(sql).includes('SET published_at'))).toEqual([]);
        expect((await outboxRows()).find((row) => row.id === event.id)).toMatchObject({ attempts: 1, last_error: null });
        executeRaw.mockRestore();
      });

      it('leaves rows the bus refused to the relay, and overtakes nothing while the relay backs off', async () => {
        let down = true;
        const attempts = new Collector<string>();
        const flaky: Pick<EventBus, 'publish'> = {
          publish: async (e) => {
            attempts.push(e.id);
            if (down) throw new Error('NATS unavailable');
            await bus.events.publish(e);
          },
        };
        const arrived = envelopes();
        await bus.events.consume({ durable: 'reader', subjects }, async (e) => arrived.push(e), noDeadLetters);
        const r = relay(flaky, { pollIntervalMs: 60_000 });
        r.start();
        const older = userDeleted(31);
        await client.$transaction((tx) => enqueueEvent(tx, schema, older));
        r.publishCommitted([older]);
        // Refused by the bus: the row stays, the relay takes it over and backs off on it.
        await attempts.until((xs) => xs.filter((id) => id === older.id).length >= 3, 'the relay retrying the refused row');
        const newer = userDeleted(32);
        await client.$transaction((tx) => enqueueEvent(tx, schema, newer));
        r.publishCommitted([newer]);
        await attempts.until((xs) => xs.filter((id) => id === older.id).length >= 4, 'one more retry of the older row');
        // Order is kept: the newer event waits behind the older one instead of being sent around it.
        expect(attempts.items).not.toContain(newer.id);
        down = false;
        await arrived.until((xs) => xs.length === 2, 'both events once the bus is back');
        expect(arrived.items.map((e) => e.id)).toEqual([older.id, newer.id]);
        await waitForPending(r, 0);
      });

      it('marks what was published during an UPDATE with the next one: one UPDATE for many commits under load', async () => {
        const release = gate();
        const updates = new Collector<number>();
        const held = Object.assign(Object.create(client) as PgSqlClient, {
          $executeRawUnsafe: async (sql: string, ...values: unknown[]) => {
            if (sql.startsWith('UPDATE')) {
              updates.push((values[0] as string[]).length);
              // The first UPDATE is held, so that the next commits arrive while it runs.
              if (updates.items.length === 1) await release.promise;
            }
            return client.$executeRawUnsafe(sql, ...values);
          },
        });
        const arrived = envelopes();
        await bus.events.consume({ durable: 'reader', subjects }, async (e) => arrived.push(e), noDeadLetters);
        const r = relay(bus.events, { client: held, pollIntervalMs: 60_000 });
        r.start();
        const first = userDeleted(40);
        await client.$transaction((tx) => enqueueEvent(tx, schema, first));
        r.publishCommitted([first]);
        await updates.until((xs) => xs.length === 1, 'the first UPDATE under way');
        const next = Array.from({ length: 10 }, (_, i) => userDeleted(41 + i));
        for (const e of next) {
          await client.$transaction((tx) => enqueueEvent(tx, schema, e));
          r.publishCommitted([e]);
        }
        await arrived.until((xs) => xs.length === 11, 'all eleven events');
        release.open();
        await waitForPending(r, 0);
        // The ten rows published while the first UPDATE ran were marked by a single second one.
        expect(updates.items).toEqual([1, 10]);
        expect((await outboxRows()).every((row) => row.published_at instanceof Date && row.attempts === 1)).toBe(true);
      });

      it('is waited for by stop(), so a shutting-down replica does not leave a publish half-done', async () => {
        const release = gate();
        const entered = new Collector<string>();
        const sent: string[] = [];
        const slow: Pick<EventBus, 'publish'> = {
          publish: async (e) => {
            entered.push(e.id);
            await release.promise;
            sent.push(e.id);
          },
        };
        // The relay's first pass (publish, then the purges) ends before the event is enqueued: otherwise that pass
        // may take the committed row too, and the event is sent twice (allowed: at least once; not this test's point).
        const purges = new Collector<string>();
        const watched = new Proxy(client, {
          get(target, prop, receiver) {
            const value = Reflect.get(target, prop, receiver) as unknown;
            if (prop !== '$executeRawUnsafe' || typeof value !== 'function') return typeof value === 'function' ? value.bind(target) : value;
            return async (...args: unknown[]) => {
              const changed = await (value as (...a: unknown[]) => Promise<number>).apply(target, args);
              if (String(args[0]).startsWith('DELETE')) purges.push(String(args[0]));
              return changed;
            };
          },
        });
        const r = relay(slow, { pollIntervalMs: 60_000, client: watched });
        r.start();
        await purges.until((xs) => xs.length >= 3, 'the relay\'s first pass (its three purges)');
        const event = userDeleted(33);
        await client.$transaction((tx) => enqueueEvent(tx, schema, event));
        r.publishCommitted([event]);
        await entered.until((xs) => xs.includes(event.id), 'the publish under way');
        let stopped = false;
        const stopping = r.stop().then(() => (stopped = true));
        // stop() ends the relay's loop at once (it was sleeping) but not before the publish under way has ended.
        await new Promise<void>((resolve) => setImmediate(resolve));
        expect(stopped).toBe(false);
        release.open();
        await stopping;
        expect(sent).toEqual([event.id]);
        expect(await r.pending()).toBe(0);
      });
    });

    it('lets two relays share the outbox without sending a row twice (SKIP LOCKED)', async () => {
      const events = [userDeleted(11), userDeleted(12), userDeleted(13)];
      for (const e of events) await client.$transaction((tx) => enqueueEvent(tx, schema, e));
      const sent: string[] = [];
      const release = gate();
      const entered = new Collector<string>();
      const slow: Pick<EventBus, 'publish'> = {
        publish: async (e) => {
          entered.push(e.id);
          await release.promise;
          sent.push(e.id);
        },
      };
      const a = relay(slow);
      const b = relay(slow);
      const passA = a.publishPending();
      await entered.until((xs) => xs.length === 1, 'relay A holding the rows');
      // B sees every pending row locked by A and publishes nothing.
      await expect(b.publishPending()).resolves.toEqual({ published: 0, more: false });
      release.open();
      await expect(passA).resolves.toEqual({ published: 3, more: false });
      expect(sent).toEqual(events.map((e) => e.id));
    });

    it('skips a row holding an invalid envelope without blocking the rows behind it', async () => {
      const badId = randomUUID();
      await pool.query(`INSERT INTO "${schema}".outbox_event (id, subject, payload, created_at) VALUES ($1, 'x', '{"nope":true}', now() - interval '1 minute')`, [badId]);
      const good = userDeleted(17);
      await client.$transaction((tx) => enqueueEvent(tx, schema, good));
      const got = envelopes();
      await bus.events.consume({ durable: 'reader', subjects }, async (e) => got.push(e), noDeadLetters);
      await expect(relay(bus.events).publishPending()).resolves.toEqual({ published: 1, more: false });
      await got.until((xs) => xs.length === 1, 'the good event');
      const bad = (await outboxRows()).find((r) => r.id === badId);
      expect(bad?.published_at).toBeNull();
      expect(bad?.last_error).toMatch(/^invalid envelope/);
    });
  });

  describe('inbox', () => {
    beforeEach(async () => {
      await pool.query(`CREATE TABLE "${schema}".effect (event_id uuid, note text)`);
    });
    const effects = async () => (await pool.query(`SELECT count(*)::int AS n FROM "${schema}".effect`)).rows[0].n as number;

    it('applies the effect once per durable and event, however often the event is delivered', async () => {
      const event = userDeleted(14);
      const effect = (note: string) => async (tx: { $executeRawUnsafe: PgSqlClient['$executeRawUnsafe'] }) => {
        await tx.$executeRawUnsafe(`INSERT INTO "${schema}".effect (event_id, note) VALUES ($1::uuid, $2)`, event.id, note);
      };
      await expect(runOnce(client, schema, 'device-service', event, effect('first'))).resolves.toBe(true);
      // Redelivered (e.g. the consumer died between commit and ack): nothing happens.
      await expect(runOnce(client, schema, 'device-service', event, effect('again'))).resolves.toBe(false);
      // Another service's durable processes the same event independently.
      await expect(runOnce(client, schema, 'storage-service', event, effect('other'))).resolves.toBe(true);
      expect(await effects()).toBe(2);
    });

    it('rolls the inbox row back with a failing effect, so the redelivery applies it', async () => {
      const event = userDeleted(15);
      await expect(
        runOnce(client, schema, 'svc', event, async (tx) => {
          await tx.$executeRawUnsafe(`INSERT INTO "${schema}".effect (event_id, note) VALUES ($1::uuid, 'partial')`, event.id);
          throw new Error('effect failed half way');
        }),
      ).rejects.toThrow('effect failed half way');
      expect(await effects()).toBe(0);
      await expect(
        runOnce(client, schema, 'svc', event, async (tx) => {
          await tx.$executeRawUnsafe(`INSERT INTO "${schema}".effect (event_id, note) VALUES ($1::uuid, 'done')`, event.id);
        }),
      ).resolves.toBe(true);
      expect(await effects()).toBe(1);
    });
  });

  describe('dead letters', () => {
    it('records what a consumer gave up on, lists, counts and resolves it', async () => {
      const sink = deadLetterSink(client, schema);
      await bus.events.consume(
        { durable: 'device-service', subjects, maxDeliver: 2, retryDelayMs: 10 },
        async () => {
          throw new Error('cannot handle');
        },
        sink,
      );
      const event = userDeleted(16);
      await bus.events.publish(event);
      await waitFor(async () => (await countDeadLetters(client, schema)) === 1, 'the dead letter row');
      await sink({ envelope: 'not json', subject: EVENTS.userDeleted.subject, durable: 'other', deliveries: 1, error: 'invalid envelope: x' });

      const [latest, first] = await listDeadLetters(client, schema);
      expect(first).toEqual({
        id: expect.any(String),
        durable: 'device-service',
        subject: EVENTS.userDeleted.subject,
        eventId: event.id,
        payload: event,
        deliveries: 2,
        error: 'cannot handle',
        createdAt: expect.any(Date),
        resolvedAt: null,
      });
      expect(latest).toMatchObject({ durable: 'other', eventId: null, payload: 'not json' });
      expect(await countDeadLetters(client, schema, { durable: 'device-service' })).toBe(1);

      await expect(resolveDeadLetter(client, schema, first.id)).resolves.toBe(true);
      await expect(resolveDeadLetter(client, schema, first.id)).resolves.toBe(false);
      expect(await countDeadLetters(client, schema)).toBe(1);
      expect(await countDeadLetters(client, schema, { includeResolved: true })).toBe(2);
      expect((await listDeadLetters(client, schema, { includeResolved: true, durable: 'device-service' }))[0].resolvedAt).toBeInstanceOf(Date);
    });
  });
});

/** Polls database state with a deadline (there is no event to wait on for a committed row). */
async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

function waitForPending(relay: OutboxRelay, n: number): Promise<void> {
  return waitFor(async () => (await relay.pending()) === n, `${n} pending rows`);
}
