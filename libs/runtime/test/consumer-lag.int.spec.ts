/**
 * Consumer lag, measured on real NATS JetStream (and PostgreSQL for the inbox and dead letters) with the same
 * ServiceEvents the services use: events published before the consumer starts while its reaction is held
 * show up as `dcp_consumer_pending` / `dcp_consumer_ack_pending` above 0 and a growing
 * `dcp_consumer_oldest_pending_age_seconds`, and the admin contract answers the same figures; once the
 * reaction is released every gauge drops to 0. The in-process bus (embedded mode) tells the same from its log.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { consumerLagContract } from '@dcp/contracts';
import { type BusConfig, buildEvent, type SqlClient } from '@dcp/messaging';
import { type MessagingDatabase, type PrometheusScrape as ParsedMetrics, TEST_NATS_URL, createMessagingDatabase, describeWithInfra, parsePrometheusText, uniqueName } from '@dcp/testing';
import { loadConfig } from '../src/config/config';
import { type Runtime, createRuntime } from '../src/host/create-runtime';
import { ServiceEvents } from '../src/events/service-events';

const SCHEMA = 'device';
/** More than the consumer pulls ahead (16) and applies at once (4): some stay undelivered while the reaction is held. */
const EVENTS_PUBLISHED = 40;
const userDeleted = (userId: number) => buildEvent('userDeleted', { userId, openId: `o${userId}`, clientId: 'c', uuid: `u${userId}` });

function gate(): { wait: Promise<void>; open: () => void } {
  let open!: () => void;
  const wait = new Promise<void>((resolve) => (open = resolve));
  return { wait, open };
}

describeWithInfra(['postgres', 'nats'], 'consumer lag: dcp_consumer_* gauges and the admin contract', () => {
  let db: MessagingDatabase;
  let dataDir: string;
  const runtimes: Runtime[] = [];
  const services: ServiceEvents<SqlClient>[] = [];

  beforeAll(async () => {
    db = await createMessagingDatabase('dcp_lag', SCHEMA);
    dataDir = await mkdtemp(join(tmpdir(), 'dcp-lag-'));
  });
  afterEach(async () => {
    for (const s of services.splice(0)) await s.stop();
    for (const r of runtimes.splice(0)) await r.close();
  });
  afterAll(async () => {
    await db?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function runtime(bus: BusConfig): Promise<Runtime> {
    const config = loadConfig({ DATABASE_URL: 'postgresql://unused@127.0.0.1/unused', NATS_URL: TEST_NATS_URL, DATA_DIR: dataDir, EVENT_ACK_WAIT_MS: '30000' } as NodeJS.ProcessEnv);
    const r = await createRuntime(config, { bus });
    await r.openIntake();
    runtimes.push(r);
    return r;
  }

  /** Scrapes until `ok` holds (the gauges are sampled on each scrape); fails naming `what` after 15 s. */
  async function scrapeUntil(r: Runtime, ok: (m: ParsedMetrics) => boolean, what: string): Promise<ParsedMetrics> {
    const deadline = Date.now() + 15_000;
    let last = '';
    for (;;) {
      last = await r.metrics.render();
      const m = parsePrometheusText(last);
      if (ok(m)) return m;
      if (Date.now() > deadline) throw new Error(`${what}: not seen in 15 s; last scrape:\n${last.split('\n').filter((l) => l.startsWith('dcp_consumer')).join('\n')}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const gauge = (m: ParsedMetrics, name: string) => m.find(name, { service: 'device' })[0]?.value;

  async function provesLag(r: Runtime) {
    // Publish before the consumer starts: a backlog waits for it, and its reaction is held until released.
    const published = Array.from({ length: EVENTS_PUBLISHED }, (_, i) => userDeleted(9000 + i));
    for (const e of published) await r.events.publish(e);
    const held = gate();
    const events = new ServiceEvents<SqlClient>(r, { service: 'device', client: db.client });
    services.push(events);
    events.registerDeadLetterAdmin('device');
    let applied = 0;
    await events.consume({
      userDeleted: async () => {
        await held.wait;
        applied++;
      },
    });

    // Held: nothing acknowledged, so the oldest unacknowledged event grows older than it was at publish.
    const behind = await scrapeUntil(
      r,
      (m) => gauge(m, 'dcp_consumer_pending')! > 0 && gauge(m, 'dcp_consumer_ack_pending')! > 0 && gauge(m, 'dcp_consumer_oldest_pending_age_seconds')! > 0,
      'pending, ack pending and age above 0 while the reaction is held',
    );
    expect(gauge(behind, 'dcp_consumer_pending')! + gauge(behind, 'dcp_consumer_ack_pending')!).toBe(EVENTS_PUBLISHED);
    expect(behind.types.get('dcp_consumer_pending')).toBe('gauge');
    const lag = await r.rpcClient.request(consumerLagContract('device'), {});
    expect(lag).toMatchObject({ durable: 'device-service', deadLettersOpen: 0, redelivered: 0 });
    expect(lag.pending + lag.ackPending).toBe(EVENTS_PUBLISHED);
    expect(lag.oldestPendingAgeSeconds).toBeGreaterThan(0);
    expect(applied).toBe(0);

    held.open();
    await scrapeUntil(
      r,
      (m) => gauge(m, 'dcp_consumer_pending') === 0 && gauge(m, 'dcp_consumer_ack_pending') === 0 && gauge(m, 'dcp_consumer_oldest_pending_age_seconds') === 0,
      'every gauge back to 0 once consumed',
    );
    expect(applied).toBe(EVENTS_PUBLISHED);
    expect(await r.rpcClient.request(consumerLagContract('device'), {})).toEqual({ durable: 'device-service', pending: 0, ackPending: 0, oldestPendingAgeSeconds: 0, redelivered: 0, deadLettersOpen: 0 });
  }

  it('NATS JetStream: pending and age above 0 while the consumer is behind, 0 once it caught up; dcp_nats_connected and the events check are 1', async () => {
    const stream = uniqueName('LAG');
    const r = await runtime({ kind: 'nats', url: TEST_NATS_URL, stream, subjectPrefix: stream.toLowerCase() });
    await provesLag(r);
    const m = parsePrometheusText(await r.metrics.render());
    expect(m.find('dcp_nats_connected')).toEqual([expect.objectContaining({ value: 1 })]);
    expect(m.find('dcp_readiness_check_up', { check: 'events' })).toEqual([expect.objectContaining({ value: 1 })]);
  });

  it('in-process bus (embedded mode): the same gauges from the log and the durable cursor; no dcp_nats_connected', async () => {
    const r = await runtime({ kind: 'in-process', busId: uniqueName('lag') });
    await provesLag(r);
    expect(parsePrometheusText(await r.metrics.render()).types.has('dcp_nats_connected')).toBe(false);
  });
});
