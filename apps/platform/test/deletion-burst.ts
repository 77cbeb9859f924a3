/**
 * What the deletion fault spec (deletion-faults.int.spec.ts) drives and reads: the distributed platform's apps
 * as processes that a supervisor restarts after a kill (as the kubelet does), users seeded straight into the
 * services' tables, a burst of signed DELETE user callbacks sent the way a merchant sends them (retrying a
 * failed one), and the ledgers that say whether every effect happened exactly once.
 */
import { EVENT_STREAM } from '@dcp/contracts';
import { SecretBox, randomBase62, sha256Hex, signedHeaders } from '@dcp/signing';
import { type AppExit, type AppProcess, postForm, startApp, waitForStatus } from '@dcp/testing';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';

// ---------------------------------------------------------------------------------------------------------
// Processes

/** One app as a Deployment with one pod: `kill9()` kills it and the supervisor starts a new one at once. */
export class SupervisedApp {
  current!: AppProcess;
  /** Resolves once the current process answers ready (rejects when it exits first). */
  ready!: Promise<void>;
  readonly exits: AppExit[] = [];
  private readonly outputs: string[] = [];

  constructor(
    readonly app: string,
    private readonly env: Record<string, string>,
    /** Its readiness URL (HEALTH_PORT's /health/ready, or the edge's public port). */
    readonly readyUrl: string,
  ) {
    this.start();
  }

  private start(): void {
    this.current = startApp(this.app, this.env);
    const proc = this.current;
    this.ready = waitForStatus(this.readyUrl, 200, proc, 60_000);
    // Nobody may be waiting on a process that is killed before it is ready: never an unhandled rejection.
    this.ready.catch(() => undefined);
  }

  /** SIGKILL (no shutdown hook runs: the pod's node lost it), then a new process, not waited for. */
  async kill9(): Promise<AppExit> {
    const proc = this.current;
    proc.child.kill('SIGKILL');
    const exit = await proc.exited;
    this.exits.push(exit);
    this.outputs.push(proc.output());
    this.start();
    return exit;
  }

  /** True while the current process runs (it never exited by itself). */
  running(): boolean {
    return this.current.child.exitCode === null && this.current.child.signalCode === null;
  }

  output(): string {
    return [...this.outputs, this.current.output()].join('\n--- restarted ---\n');
  }

  stop(): Promise<void> {
    return this.current.stop();
  }
}

// ---------------------------------------------------------------------------------------------------------
// Seeding

export interface SeededUser {
  userId: number;
  uuid: string;
  openId: string;
  /** Two devices: the first has the active grant, the second a waiting grant tied to it. */
  macs: [string, string];
  grantIds: [number, number];
}

export interface SeedOptions {
  merchantId: number;
  permissionId: number;
  durationDays: number;
  /** Distinguishes the seeded sets: uuids `<tag>-<n>`, MACs `<macPrefix><10 hex digits>`. */
  tag: string;
  /** Two hex digits, unique per set. */
  macPrefix: string;
  count: number;
  secretsKey: Buffer;
}

/**
 * Users exactly as the services store them after a login, two addOemDevice calls, two operator grants and an
 * activation — written with SQL because doing 6,000 of those calls through the edge takes longer on a 2-core
 * machine than the whole fault spec may. Every column the services write is written the same way: the shadow
 * account as SessionRepository.login inserts it (32-character base62 openId, updated_at now()), an ACCESS and a
 * REFRESH token of one family (SHA-256 hex of a 32-character base62 token), devices as DeviceRepository inserts
 * them (canonical MAC, password AES-256-GCM under SECRETS_KEY bound to the MAC, DevicePasswords), grants as
 * CreateGrantUseCase and the activation leave them (active: status 3 on the first MAC, start now, end now +
 * durationDays; waiting: status 1 tied to the second MAC). Ids come from the tables' own sequences.
 */
export async function seedUsers(pg: Pool, o: SeedOptions): Promise<SeededUser[]> {
  const box = new SecretBox(o.secretsKey);
  const n = o.count;
  const uuids = Array.from({ length: n }, (_, i) => `${o.tag}-${i}`);
  const openIds = uuids.map(() => randomBase62(32));
  const client = await pg.connect();
  try {
    await client.query('BEGIN');
    const users = await client.query<{ id: number; uuid: string }>(
      `INSERT INTO "sso"."user" (merchant_id, uuid, open_id, username, name, nickname, phone, country, updated_at)
       SELECT $1, u, o, u || '@example.com', 'User ' || u, '', '', '', now() FROM unnest($2::text[], $3::text[]) AS t(u, o)
       RETURNING id, uuid`,
      [o.merchantId, uuids, openIds],
    );
    const idOf = new Map(users.rows.map((r) => [r.uuid, r.id]));
    const userIds = uuids.map((u) => idOf.get(u)!);
    const tokenUsers = userIds.flatMap((id) => [id, id]);
    const families = userIds.flatMap(() => {
      const f = randomUUID();
      return [f, f];
    });
    await client.query(
      `INSERT INTO "sso"."token" (hash, kind, user_id, family, expires_at)
       SELECT h, k::"sso"."token_kind", u, f::uuid, now() + (s * interval '1 second') FROM unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::int[]) AS t(h, k, u, f, s)`,
      [tokenUsers.map(() => sha256Hex(randomBase62(32))), tokenUsers.map((_, i) => (i % 2 === 0 ? 'ACCESS' : 'REFRESH')), tokenUsers, families, tokenUsers.map((_, i) => (i % 2 === 0 ? 7_200 : 2_592_000))],
    );
    const macs = userIds.map((_, i): [string, string] => [mac(o.macPrefix, 2 * i), mac(o.macPrefix, 2 * i + 1)]);
    const deviceMacs = macs.flat();
    const deviceUsers = userIds.flatMap((id) => [id, id]);
    await client.query(
      `INSERT INTO "device"."device" (mac_addr, user_id, device_name, product_name, username, password_ciphertext, hasusertag, support_store, support_rich_media, oem_code, updated_at)
       SELECT m, u, 'Front door', 'DoorCam 3', 'admin', p, 2, 1, 0, 'ACME', now() FROM unnest($1::text[], $2::int[], $3::text[]) AS t(m, u, p)`,
      [deviceMacs, deviceUsers, deviceMacs.map((m) => box.encrypt('c2VjcmV0', m))],
    );
    const grants = await client.query<{ id: string; user_id: number; grant_status: number }>(
      `INSERT INTO "permission"."grant" (user_id, open_id, permission_id, ipc_mac, grant_status, init_time, start_time, end_time)
       SELECT u, o, $1, m, s, now(), CASE WHEN s = 3 THEN now() END, CASE WHEN s = 3 THEN now() + ($2 * interval '1 day') END
         FROM unnest($3::int[], $4::text[], $5::text[], $6::int[]) AS t(u, o, m, s)
       RETURNING id, user_id, grant_status`,
      [o.permissionId, o.durationDays, deviceUsers, userIds.flatMap((_, i) => [openIds[i], openIds[i]]), deviceMacs, deviceUsers.map((_, i) => (i % 2 === 0 ? 3 : 1))],
    );
    await client.query('COMMIT');
    const grantsOf = new Map<number, { active?: number; waiting?: number }>();
    for (const g of grants.rows) {
      const entry = grantsOf.get(g.user_id) ?? {};
      if (g.grant_status === 3) entry.active = Number(g.id);
      else entry.waiting = Number(g.id);
      grantsOf.set(g.user_id, entry);
    }
    return userIds.map((userId, i) => ({ userId, uuid: uuids[i], openId: openIds[i], macs: macs[i], grantIds: [grantsOf.get(userId)!.active!, grantsOf.get(userId)!.waiting!] }));
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

function mac(prefix: string, n: number): string {
  return `${prefix}${n.toString(16).toUpperCase().padStart(10, '0')}`;
}

/**
 * Everything the platform stores about these users, each row as PostgreSQL's own JSON text, per table in id
 * order: two snapshots are equal only when no byte of any of their rows changed.
 */
export async function snapshotUsers(pg: Pool, userIds: number[]): Promise<Record<string, string[]>> {
  const tables: Record<string, string> = {
    'sso.user': `SELECT row_to_json(t)::text AS r FROM "sso"."user" t WHERE id = ANY($1) ORDER BY id`,
    'sso.token': `SELECT row_to_json(t)::text AS r FROM "sso"."token" t WHERE user_id = ANY($1) ORDER BY id`,
    'sso.sub_service_info': `SELECT row_to_json(t)::text AS r FROM "sso"."sub_service_info" t WHERE user_id = ANY($1) ORDER BY user_id`,
    'device.device': `SELECT row_to_json(t)::text AS r FROM "device"."device" t WHERE user_id = ANY($1) ORDER BY id`,
    'permission.grant': `SELECT row_to_json(t)::text AS r FROM "permission"."grant" t WHERE user_id = ANY($1) ORDER BY id`,
  };
  const out: Record<string, string[]> = {};
  for (const [name, sql] of Object.entries(tables)) out[name] = (await pg.query<{ r: string }>(sql, [userIds])).rows.map((row) => row.r);
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// The merchant's DELETE callbacks

export interface MerchantCredentials {
  clientId: string;
  clientSecret: string;
}

export interface CallbackAttempt {
  uuid: string;
  status: number;
  errorCode: string;
  failureDetails: string;
}

/** Resolves `when(k)` promises as a counter reaches k (progress, not time, decides when a fault strikes). */
export class Progress {
  private value = 0;
  private readonly waiting: { at: number; resolve: () => void }[] = [];

  get count(): number {
    return this.value;
  }

  add(): void {
    this.value++;
    for (const w of this.waiting.filter((x) => x.at <= this.value)) w.resolve();
    this.waiting.splice(0, this.waiting.length, ...this.waiting.filter((x) => x.at > this.value));
  }

  when(at: number): Promise<void> {
    if (this.value >= at) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push({ at, resolve }));
  }
}

export interface BurstOptions {
  edgeUrl: string;
  merchant: MerchantCredentials;
  uuids: string[];
  concurrency: number;
  /**
   * A merchant retries a callback that did not succeed: when true, a failed one is sent again (signed anew,
   * at another second, as a replay of the same signature is refused) after `retryDelayMs`, until it succeeds
   * or `deadline` passes. When false, a failure is final.
   */
  retry: boolean;
  retryDelayMs?: number;
  deadline: number;
}

export interface BurstResult {
  /** Callbacks answered 200 with an empty errorCode. */
  succeeded: string[];
  /** Every answer that was not a success, in order (retried ones included). */
  failedAttempts: CallbackAttempt[];
  /** Callbacks that never succeeded. */
  gaveUp: string[];
}

/** Sends every uuid's DELETE callback once (and again while it fails, when retrying) with bounded concurrency. */
export class CallbackBurst {
  /** Callbacks answered with success. */
  readonly succeeded = new Progress();
  /** Answers that were not a success. */
  readonly failed = new Progress();
  private readonly usedSeconds = new Map<string, Set<number>>();

  constructor(private readonly o: BurstOptions) {}

  async run(): Promise<BurstResult> {
    const result: BurstResult = { succeeded: [], failedAttempts: [], gaveUp: [] };
    let next = 0;
    const worker = async () => {
      while (next < this.o.uuids.length) {
        const uuid = this.o.uuids[next++];
        for (;;) {
          const attempt = await this.send(uuid);
          if (attempt.status === 200 && attempt.errorCode === '') {
            result.succeeded.push(uuid);
            this.succeeded.add();
            break;
          }
          result.failedAttempts.push(attempt);
          this.failed.add();
          if (!this.o.retry || Date.now() > this.o.deadline) {
            result.gaveUp.push(uuid);
            break;
          }
          await new Promise((resolve) => setTimeout(resolve, this.o.retryDelayMs ?? 200));
        }
      }
    };
    await Promise.all(Array.from({ length: this.o.concurrency }, worker));
    return result;
  }

  private async send(uuid: string): Promise<CallbackAttempt> {
    const path = '/sso/user_callback';
    const params = { operation: 'DELETE', uuid };
    const used = this.usedSeconds.get(uuid) ?? new Set<number>();
    this.usedSeconds.set(uuid, used);
    // A retry within the same second signs a second earlier (inside the ±15 s window): a new signature.
    let second = Math.floor(Date.now() / 1000);
    while (used.has(second)) second--;
    used.add(second);
    const headers = signedHeaders({ method: 'POST', path, params, clientId: this.o.merchant.clientId, clientSecret: this.o.merchant.clientSecret, now: second * 1000 });
    try {
      const res = await postForm<Record<string, unknown>>(this.o.edgeUrl, path, params, headers);
      const body = typeof res.body === 'object' && res.body !== null ? res.body : {};
      return { uuid, status: res.status, errorCode: String(body.errorCode ?? '<none>'), failureDetails: String(body.failureDetails ?? res.body) };
    } catch (err) {
      // No answer at all (a reset connection): the merchant saw a failure too.
      return { uuid, status: 0, errorCode: '<no answer>', failureDetails: err instanceof Error ? err.message : String(err) };
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// Ledgers

export interface Propagation {
  devicesLeft: number;
  grantsNotRevoked: number;
  usersLeft: number;
  tokensLeft: number;
  /** Unpublished outbox rows of each producing service (all rows, not only these users'). */
  outboxPending: Record<'sso' | 'device' | 'permission', number>;
  /** user.deleted events of these users that device-service's inbox recorded. */
  deviceInbox: number;
  /** user.deleted and device.unbound events of these users that permission-service's inbox recorded. */
  permissionInbox: number;
}

/** Where the propagation of these users' deletion stands, read from the services' tables. */
export async function propagation(pg: Pool, userIds: number[]): Promise<Propagation> {
  const one = async (sql: string, values: unknown[] = [userIds]) => Number((await pg.query<{ n: string }>(sql, values)).rows[0].n);
  const userDeletedIds = `SELECT id FROM "sso"."outbox_event" WHERE subject = 'dcp.sso.user.deleted.v1' AND (payload->'data'->>'userId')::int = ANY($1)`;
  const deviceUnboundIds = `SELECT id FROM "device"."outbox_event" WHERE subject = 'dcp.device.device.unbound.v1' AND (payload->'data'->>'userId')::int = ANY($1)`;
  return {
    devicesLeft: await one(`SELECT count(*) AS n FROM "device"."device" WHERE user_id = ANY($1)`),
    grantsNotRevoked: await one(`SELECT count(*) AS n FROM "permission"."grant" WHERE user_id = ANY($1) AND revoked_at IS NULL`),
    usersLeft: await one(`SELECT count(*) AS n FROM "sso"."user" WHERE id = ANY($1)`),
    tokensLeft: await one(`SELECT count(*) AS n FROM "sso"."token" WHERE user_id = ANY($1)`),
    outboxPending: {
      sso: await one(`SELECT count(*) AS n FROM "sso"."outbox_event" WHERE published_at IS NULL`, []),
      device: await one(`SELECT count(*) AS n FROM "device"."outbox_event" WHERE published_at IS NULL`, []),
      permission: await one(`SELECT count(*) AS n FROM "permission"."outbox_event" WHERE published_at IS NULL`, []),
    },
    deviceInbox: await one(`SELECT count(*) AS n FROM "device"."inbox_event" WHERE durable = 'device-service' AND event_id IN (${userDeletedIds})`),
    permissionInbox: await one(`SELECT count(*) AS n FROM "permission"."inbox_event" WHERE durable = 'permission-service' AND (event_id IN (${userDeletedIds}) OR event_id IN (${deviceUnboundIds}))`),
  };
}

/** Events processed so far by a consumer (its inbox), for "has it done work since it started?". */
export async function inboxCount(pg: Pool, service: 'device' | 'permission'): Promise<number> {
  return Number((await pg.query<{ n: string }>(`SELECT count(*) AS n FROM "${service}"."inbox_event"`)).rows[0].n);
}

export interface OutboxEventRow {
  id: string;
  subject: string;
  data: Record<string, unknown>;
}

/** The events a service wrote to its outbox about these users (the effects it announced). */
export async function outboxEvents(pg: Pool, schema: 'sso' | 'device' | 'permission', subject: string, userIds: number[]): Promise<OutboxEventRow[]> {
  const rows = await pg.query<{ id: string; subject: string; data: Record<string, unknown> }>(
    `SELECT id::text AS id, subject, payload->'data' AS data FROM "${schema}"."outbox_event" WHERE subject = $1 AND (payload->'data'->>'userId')::int = ANY($2) ORDER BY seq`,
    [subject, userIds],
  );
  return rows.rows;
}

/** Inbox rows whose event id no outbox ever wrote (an effect applied for an event that does not exist). */
export async function strayInboxRows(pg: Pool): Promise<number> {
  const known = `SELECT id FROM "sso"."outbox_event" UNION ALL SELECT id FROM "device"."outbox_event" UNION ALL SELECT id FROM "permission"."outbox_event"`;
  const n = await pg.query<{ n: string }>(
    `SELECT (SELECT count(*) FROM "device"."inbox_event" WHERE event_id NOT IN (${known})) + (SELECT count(*) FROM "permission"."inbox_event" WHERE event_id NOT IN (${known})) AS n`,
  );
  return Number(n.rows[0].n);
}

/** Dead letters of every service that keeps them (all rows, resolved or not). */
export async function deadLetters(pg: Pool): Promise<Record<string, unknown>[]> {
  const rows = await pg.query<{ r: Record<string, unknown> }>(
    `SELECT row_to_json(t) AS r FROM (
       SELECT 'sso' AS service, durable, subject, error FROM "sso"."dead_letter_event"
       UNION ALL SELECT 'device', durable, subject, error FROM "device"."dead_letter_event"
       UNION ALL SELECT 'permission', durable, subject, error FROM "permission"."dead_letter_event") t`,
  );
  return rows.rows.map((x) => x.r);
}

export interface StreamMessage {
  seq: number;
  subject: string;
  id: string;
  data: Record<string, unknown>;
}

/** Every message the private server's event stream holds, read with an ordered consumer. */
export async function readStream(natsUrl: string): Promise<StreamMessage[]> {
  const nc = await connect({ servers: natsUrl });
  try {
    const jsm = await jetstreamManager(nc);
    const info = await jsm.streams.info(EVENT_STREAM);
    const last = info.state.last_seq;
    const out: StreamMessage[] = [];
    if (info.state.messages === 0) return out;
    const consumer = await jetstream(nc).consumers.get(EVENT_STREAM);
    const messages = await consumer.consume({ max_messages: 1_000 });
    for await (const m of messages) {
      const body = m.json<{ id: string; data: Record<string, unknown> }>();
      out.push({ seq: m.seq, subject: m.subject, id: body.id, data: body.data });
      if (m.seq >= last) break;
    }
    await messages.close().catch(() => undefined);
    return out;
  } finally {
    await nc.close();
  }
}

/**
 * What a durable consumer has been sent so far: its deliveries, redeliveries included (JetStream's
 * delivered.consumer_seq), and the subjects it filters on (none: every message of the stream — nats-server
 * before 2.10 takes one filter only, so a consumer of two subjects gets all and acks the others itself).
 */
export async function consumerState(natsUrl: string, durable: string): Promise<{ deliveries: number; filters: string[] }> {
  const nc = await connect({ servers: natsUrl });
  try {
    const info = await (await jetstreamManager(nc)).consumers.info(EVENT_STREAM, durable);
    const filters = info.config.filter_subjects ?? (info.config.filter_subject ? [info.config.filter_subject] : []);
    return { deliveries: info.delivered.consumer_seq, filters };
  } finally {
    await nc.close();
  }
}

/** Milestones of a test with their times, added to the message of whatever fails in `run` (where did it stall?). */
export class Trace {
  private readonly t0 = Date.now();
  private readonly marks: string[] = [];

  mark(what: string): void {
    this.marks.push(`+${Date.now() - this.t0} ms ${what}`);
  }

  async run<T>(body: () => Promise<T>): Promise<T> {
    try {
      return await body();
    } catch (err) {
      if (err instanceof Error) err.message += `\n\nmilestones:\n${this.marks.join('\n')}`;
      throw err;
    }
  }
}

/** Polls `probe` until `done` holds or the deadline passes (then fails with the last state). */
export async function waitUntil<T>(probe: () => Promise<T>, done: (state: T) => boolean, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let state = await probe();
  while (!done(state)) {
    if (Date.now() > deadline) throw new Error(`${what}: not reached within ${timeoutMs} ms; last state ${JSON.stringify(state)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    state = await probe();
  }
  return state;
}
