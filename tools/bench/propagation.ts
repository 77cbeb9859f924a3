/**
 * Deletion propagation (distributed mode): from a DELETE user callback's HTTP 200 to both consumers' effects,
 * device-service's and permission-service's, over many deletions, idle and under background load.
 *
 * How the effects are seen without polling: every consumer records the event it applied in its schema's
 * inbox_event table in the same transaction as the effect (libs/messaging/src/outbox/inbox.ts). The bench adds
 * AFTER INSERT triggers (in its own throwaway database only, schema bench_probe) that pg_notify the schema and
 * event id; PostgreSQL delivers a notification when the transaction commits, i.e. when the effect becomes
 * visible. The event id of each deletion comes the same way from sso.outbox_event (subject user.deleted, the
 * user's uuid in the payload). The cost inside the platform is one tiny trigger per row on those tables.
 */
import { performance } from 'node:perf_hooks';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { Client } from 'pg';
import type { LoadWorkerData, LoadWorkerResult } from './load-worker';
import { type MerchantAccount, type SeededUser, ssoPost } from './seed';
import type { PlatformTarget } from './targets';

export interface PropagationSample {
  /** ms from the callback's 200 to the later of the two effects (0 when both were committed before the 200 arrived). */
  both: number;
  device: number;
  permission: number;
}

export interface PropagationResult {
  phase: string;
  samples: PropagationSample[];
  /** Deletions whose effects were not seen within the time limit. */
  missing: number;
  /** What the background load achieved, when there was one. */
  load?: string;
}

const CONSUMERS = ['device', 'permission'] as const;
const WAIT_MS = 30_000;

const PROBE_SQL = `
CREATE SCHEMA IF NOT EXISTS bench_probe;
CREATE OR REPLACE FUNCTION bench_probe.applied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN PERFORM pg_notify('bench_applied', TG_TABLE_SCHEMA || ' ' || NEW.event_id::text); RETURN NULL; END $$;
CREATE OR REPLACE FUNCTION bench_probe.user_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.subject = 'dcp.sso.user.deleted.v1' THEN PERFORM pg_notify('bench_deleted', NEW.id::text || ' ' || (NEW.payload->'data'->>'uuid')); END IF;
  RETURN NULL;
END $$;
DROP TRIGGER IF EXISTS bench_applied ON device.inbox_event;
CREATE TRIGGER bench_applied AFTER INSERT ON device.inbox_event FOR EACH ROW EXECUTE FUNCTION bench_probe.applied();
DROP TRIGGER IF EXISTS bench_applied ON permission.inbox_event;
CREATE TRIGGER bench_applied AFTER INSERT ON permission.inbox_event FOR EACH ROW EXECUTE FUNCTION bench_probe.applied();
DROP TRIGGER IF EXISTS bench_user_deleted ON sso.outbox_event;
CREATE TRIGGER bench_user_deleted AFTER INSERT ON sso.outbox_event FOR EACH ROW EXECUTE FUNCTION bench_probe.user_deleted();
`;

interface Pending {
  at200?: number;
  applied: Partial<Record<(typeof CONSUMERS)[number], number>>;
  done?: () => void;
}

export class DeletionProbe {
  private readonly byUuid = new Map<string, string>();
  private readonly byEvent = new Map<string, Pending>();

  private constructor(private readonly client: Client) {}

  static async start(databaseUrl: string): Promise<DeletionProbe> {
    const client = new Client({ connectionString: databaseUrl, application_name: 'bench-probe' });
    await client.connect();
    await client.query(PROBE_SQL);
    const probe = new DeletionProbe(client);
    client.on('notification', (n) => probe.onNotification(n.channel, n.payload ?? ''));
    await client.query('LISTEN bench_applied');
    await client.query('LISTEN bench_deleted');
    return probe;
  }

  private pending(eventId: string): Pending {
    let p = this.byEvent.get(eventId);
    if (!p) this.byEvent.set(eventId, (p = { applied: {} }));
    return p;
  }

  private onNotification(channel: string, payload: string): void {
    const now = performance.now();
    const [first, second] = payload.split(' ');
    if (channel === 'bench_deleted') {
      this.byUuid.set(second, first);
      return;
    }
    const consumer = first as (typeof CONSUMERS)[number];
    if (!CONSUMERS.includes(consumer)) return;
    const p = this.pending(second);
    p.applied[consumer] ??= now;
    if (CONSUMERS.every((c) => p.applied[c] !== undefined)) p.done?.();
  }

  /** Deletes the user (merchant side, then the signed callback) and waits for both effects. */
  async deleteAndWait(target: PlatformTarget, merchantUrl: string, merchant: MerchantAccount, user: SeededUser): Promise<PropagationSample | undefined> {
    await fetch(`${merchantUrl}/bench/deleted?uuid=${encodeURIComponent(user.uuid)}`, { method: 'POST' });
    const res = await ssoPost(target, merchant, '/sso/user_callback', { operation: 'DELETE', uuid: user.uuid });
    const at200 = performance.now();
    if (res.status !== 200 || res.body.errorCode !== '') throw new Error(`DELETE callback answered HTTP ${res.status} ${JSON.stringify(res.body)}`);
    // The outbox row committed with the deletion, before the 200; its notification may still be in flight.
    const deadline = Date.now() + WAIT_MS;
    let eventId = this.byUuid.get(user.uuid);
    while (!eventId && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 1));
      eventId = this.byUuid.get(user.uuid);
    }
    if (!eventId) return undefined;
    const p = this.pending(eventId);
    p.at200 = at200;
    const complete = () => CONSUMERS.every((c) => p.applied[c] !== undefined);
    if (!complete()) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(0, deadline - Date.now()));
        p.done = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    this.byEvent.delete(eventId);
    if (!complete()) return undefined;
    const since = (t: number) => Math.max(0, t - at200);
    const device = since(p.applied.device as number);
    const permission = since(p.applied.permission as number);
    return { both: Math.max(device, permission), device, permission };
  }

  async close(): Promise<void> {
    await this.client.query(PROBE_SQL.replace(/CREATE TRIGGER[^\n]*\n/g, '')).catch(() => undefined);
    await this.client.end();
  }
}

export interface PropagationOptions {
  target: PlatformTarget;
  databaseUrl: string;
  merchantUrl: string;
  merchant: MerchantAccount;
  users: SeededUser[];
  /** getOemDeviceByUser paths for the background load. */
  loadPaths: string[];
  loadRate: number;
  /** Deletions started per second (open loop), so that the background load can be served beside them. */
  deletionRate: number;
  /** At most this many deletions waiting for their effects at once. */
  concurrency: number;
}

/** Sockets of the background load: enough that the open-loop load is not capped at sockets ÷ latency. */
const LOAD_CONNECTIONS = 100;

async function phase(probe: DeletionProbe, name: string, users: SeededUser[], opts: PropagationOptions): Promise<PropagationResult> {
  const samples: PropagationSample[] = [];
  let missing = 0;
  // A deletion every 1/rate s, whatever the platform does (open loop), at most `concurrency` under way.
  const interval = 1000 / opts.deletionRate;
  const started = performance.now();
  const running = new Set<Promise<void>>();
  for (let i = 0; i < users.length; i++) {
    const wait = started + i * interval - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    while (running.size >= opts.concurrency) await Promise.race(running);
    const deletion: Promise<void> = probe.deleteAndWait(opts.target, opts.merchantUrl, opts.merchant, users[i]).then((s) => {
      if (s) samples.push(s);
      else missing++;
      running.delete(deletion);
    });
    running.add(deletion);
  }
  await Promise.all(running);
  return { phase: name, samples, missing };
}

export async function measurePropagation(opts: PropagationOptions, log: (line: string) => void): Promise<PropagationResult[]> {
  const probe = await DeletionProbe.start(opts.databaseUrl);
  try {
    const half = Math.floor(opts.users.length / 2);
    log(`\ndistributed · deletion propagation: ${half} deletions idle, ${opts.users.length - half} under ${opts.loadRate} req/s of getOemDeviceByUser, ${opts.deletionRate} a second (at most ${opts.concurrency} under way)`);
    const idle = await phase(probe, 'idle', opts.users.slice(0, half), opts);
    log(`  idle: ${idle.samples.length} measured, ${idle.missing} not seen`);
    const worker = new Worker(join(__dirname, 'load-worker.js'), {
      workerData: { url: opts.target.baseUrl, paths: opts.loadPaths, rate: opts.loadRate, connections: LOAD_CONNECTIONS } satisfies LoadWorkerData,
    });
    const finished = new Promise<LoadWorkerResult>((resolve, reject) => {
      worker.once('message', (m: LoadWorkerResult) => resolve(m));
      worker.once('error', reject);
    });
    // Let the load reach its rate before the first deletion.
    await new Promise((r) => setTimeout(r, 1000));
    const loaded = await phase(probe, `under ${opts.loadRate} req/s`, opts.users.slice(half), opts);
    worker.postMessage('stop');
    const load = await finished;
    await worker.terminate();
    loaded.load = `${opts.loadRate} req/s of getOemDeviceByUser sent, ${load.rps.toFixed(0)} req/s answered while it ran, p99 ${load.p99.toFixed(0)} ms, ${load.errors} errors, ${load.abandoned} still queued at the end, generator lag p99 ${load.lagP99.toFixed(0)} ms`;
    log(`  under load: ${loaded.samples.length} measured, ${loaded.missing} not seen; load ${loaded.load}`);
    return [idle, loaded];
  } finally {
    await probe.close();
  }
}
