/**
 * `npm run bench -- scale`: does every path stay as fast when the database is 100 and 1 000 times larger?
 *
 * Two distributed platforms side by side, each on its own nats-server and database (./targets.ts), seeded the
 * same way through the real surface (./seed.ts) plus, in both, a heavy user with 1 000 devices and grants and a
 * recording device (below). The reference stays at ×1; the other is bulk-loaded (./scale-load.ts) to each factor
 * of BENCH_SCALE_FACTORS (default 1,100,1000) in turn, and at each step every path is measured on both,
 * interleaved (reference, scaled, reference, …: the machine's noise falls on both alike), and printed with the
 * ratio scaled ÷ reference. Figures only, never assertions.
 *
 * The recording device records as a camera does, continuously in 4-s segments with a short gap every two hours
 * (a reconnect): 640·f segments ending now (×1000: 640 000, 29.6 days); the reference's holds 640.
 *
 * Options (environment): BENCH_SCALE_FACTORS (1,100,1000), BENCH_SCALE_REQUESTS (200 a path, side and round),
 * BENCH_ROUNDS (3), BENCH_CONNECTIONS (10), BENCH_SCALE_STARTS (3 device-service starts a side and step),
 * BENCH_SCALE_POOL (10: each service's DATABASE_POOL_SIZE; both platforms share the machine's PostgreSQL, whose
 * max_connections must hold 2 × 6 × (pool + 4): the bench checks and says so), BENCH_SCALE_PATHS (only the paths
 * whose names contain one of these comma-separated parts, e.g. `record.`), BENCH_SCALE_RECORDING_SEGMENTS (640: the
 * recording device's segments at ×1 on both sides; 640000 measures a month of footage on small databases).
 */
import { loadavg } from 'node:os';
import { Client } from 'pg';
import { SecretBox, md5Hex, signedHeaders } from '@dcp/signing';
import { type AppProcess, type PrivateInfra, freePort, startBuiltScript, waitForStatus } from '@dcp/testing';
import { type Seed, type SeededUser, admin, deviceForm, expectOk, firmwareLatestParams, gatewayGet, gatewayPost, merchantToken, seedPlatform } from './seed';
import { ScaleLoader, type ScaleTemplate, shapeAt } from './scale-load';
import { median, percentile } from './stats';
import { ADMIN_TOKEN, type PlatformTarget, SECRETS_KEY, type SharedDatabase, startDistributed, startInfrastructure } from './targets';

const num = (name: string, fallback: number) => {
  const v = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(v) || v < 0) throw new Error(`${name} must be a non-negative number`);
  return v;
};

const SEGMENT_SECONDS = 4;
/** A reconnect every two hours: the recording device's footage is one clip per 1 800 segments. */
const SEGMENTS_PER_CLIP = 1_800;
const GAP_SECONDS = 30;
const HEAVY_ROWS = 1_000;
/**
 * The recording device's segments at ×1 (×f: f times as many). 640 000 at ×1000 is 29.6 days and its gaps: inside
 * the 30 days storage keeps footage of a device without a plan, so the retention sweeper leaves it alone.
 */
const RECORDING_SEGMENTS = 640;
const DAY = 86_400;
const recordingSegments = () => Math.max(1, Math.round(num('BENCH_SCALE_RECORDING_SEGMENTS', RECORDING_SEGMENTS)));

interface ScalePlatform {
  name: string;
  target: PlatformTarget;
  infra: PrivateInfra;
  db: SharedDatabase;
  seed: Seed;
  /** 1 000 devices and grants. */
  heavy: SeededUser;
  /** Owner of the recording device (its second MAC: the first holds the seed's record.play segments). */
  recorder: SeededUser;
  template: ScaleTemplate;
  loader: ScaleLoader;
}

/** One measured request: built anew each time (signatures and timestamps are per request). */
interface Call {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  body?: string;
}

interface Path {
  name: string;
  /** The request for one platform, the i-th of a run. */
  call(p: ScalePlatform, i: number): Call;
  /** Answers that count as failures (default: HTTP ≥ 400 or an envelope with an errorCode). */
  ok?(status: number, body: string): boolean;
}

const creds = (u: SeededUser) => ({ clientId: u.clientId, openId: u.openId, accessToken: u.accessToken });
const gateway = (p: ScalePlatform, params: Record<string, string>): Call => ({ method: 'GET', url: `${p.target.baseUrl}/gateway?${new URLSearchParams(params)}` });
const adminGet = (p: ScalePlatform, path: string): Call => ({ method: 'GET', url: `${p.target.adminUrl}/admin/v1${path}`, headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
const users = (p: ScalePlatform) => p.seed.users.slice(2);

/** A signed cloud-storage call of the recording device (spec 4.5), as the app makes it. */
function stream(p: ScalePlatform, service: string, extra: Record<string, string>): Call {
  const timestamp = String(Math.floor(Date.now() / 1000) + 120);
  const q = new URLSearchParams({ service, devId: p.recorder.macs[1], timestamp, sessionToken: md5Hex(p.recorder.subtoken + timestamp), ...extra });
  return { method: 'GET', url: `${p.target.baseUrl}/stream?${q}` };
}

const PATHS: Path[] = [
  { name: 'GET /admin/v1/users/{openId} (1 000 devices and grants)', call: (p) => adminGet(p, `/users/${p.heavy.openId}`) },
  { name: 'GET /admin/v1/grants?openId=', call: (p) => adminGet(p, `/grants?openId=${p.heavy.openId}`) },
  { name: 'GET /admin/v1/grants?ipcMac=', call: (p) => adminGet(p, `/grants?ipcMac=${p.heavy.macs[0]}`) },
  { name: 'GET /admin/v1/grants?state=active', call: (p) => adminGet(p, '/grants?state=active') },
  { name: 'GET /admin/v1/grants', call: (p) => adminGet(p, '/grants') },
  { name: 'GET /admin/v1/users?uuid=', call: (p, i) => adminGet(p, `/users?uuid=${users(p)[i % users(p).length].uuid}`) },
  { name: 'GET /admin/v1/firmware/models/{m}/progress', call: (p) => adminGet(p, `/firmware/models/${p.seed.firmwareModel}/progress`) },
  { name: 'GET /admin/v1/audit', call: (p) => adminGet(p, '/audit') },
  { name: 'record.date.query (recording device)', call: (p) => stream(p, 'record.date.query', {}) },
  {
    name: 'record.query, 30 days (recording device)',
    call: (p) => {
      const now = Math.floor(Date.now() / 1000);
      return stream(p, 'record.query', { recordSt: String(now - 30 * DAY), recordEt: String(now + 60), version: '1.0' });
    },
  },
  { name: 'getOemDeviceByUser (1 000 devices)', call: (p) => gateway(p, { service: 'user_ipc_setting_v2_0.getOemDeviceByUser', ...creds(p.heavy) }) },
  { name: 'query_user_ipcs_valid (1 000 grants)', call: (p) => gateway(p, { service: 'permission.query_user_ipcs_valid', ...creds(p.heavy) }) },
  { name: 'getOemDeviceByUser', call: (p, i) => gateway(p, { service: 'user_ipc_setting_v2_0.getOemDeviceByUser', ...creds(users(p)[i % users(p).length]) }) },
  {
    name: 'getOemDeviceByUserAndMac',
    call: (p, i) => {
      const u = users(p)[i % users(p).length];
      return gateway(p, { service: 'user_ipc_setting_v2_0.getOemDeviceByUserAndMac', ...creds(u), macAddr: u.macs[0] });
    },
  },
  { name: 'query_user_ipcs_valid', call: (p, i) => gateway(p, { service: 'permission.query_user_ipcs_valid', ...creds(users(p)[i % users(p).length]) }) },
  {
    name: 'record.play',
    call: (p, i) => {
      const u = users(p)[i % users(p).length];
      const timestamp = String(Math.floor(Date.now() / 1000) + 120);
      const q = new URLSearchParams({ service: 'record.play', devId: u.macs[0], timestamp, sessionToken: md5Hex(u.subtoken + timestamp), recordSt: String(p.seed.recordStart), version: '1.0' });
      return { method: 'GET', url: `${p.target.baseUrl}/stream?${q}` };
    },
  },
  { name: 'firmware.latest', call: (p, i) => gateway(p, { ...firmwareLatestParams(p.seed, users(p)[i % users(p).length].macs[0]), ...creds(users(p)[i % users(p).length]) }) },
  {
    name: 'authorize_by_token',
    call: (p, i) => {
      const params = { token: merchantToken(`scale-login-${i % 200}`) };
      const headers = signedHeaders({ method: 'POST', path: '/sso/authorize_by_token', params, clientId: p.seed.merchant.clientId, clientSecret: p.seed.merchant.clientSecret });
      return { method: 'POST', url: `${p.target.baseUrl}/sso/authorize_by_token`, headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(params).toString() };
    },
  },
];

/** HTTP ≥ 400, or the envelope's own errorCode (top level: admin answers carry merchants' call errors inside). */
function failed(status: number, body: string): boolean {
  if (status >= 400) return true;
  try {
    const code = (JSON.parse(body) as { errorCode?: unknown }).errorCode;
    return typeof code === 'string' && code !== '';
  } catch {
    return false;
  }
}

interface RunFigures {
  p50: number;
  p99: number;
  failures: number;
  sample?: string;
}

/** `requests` calls of `path`, `connections` at a time (closed loop), latencies in ms. */
async function run(path: Path, p: ScalePlatform, requests: number, connections: number): Promise<RunFigures> {
  const latencies: number[] = [];
  let failures = 0;
  let sample: string | undefined;
  let next = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < requests) {
        const c = path.call(p, next++);
        const started = performance.now();
        const res = await fetch(c.url, { method: c.method, headers: c.headers, body: c.body });
        const body = await res.text();
        latencies.push(performance.now() - started);
        if ((path.ok ? !path.ok(res.status, body) : failed(res.status, body))) {
          failures++;
          sample ??= `HTTP ${res.status} ${body.slice(0, 160)}`;
        }
      }
    }),
  );
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), failures, sample };
}

/** device-service started as its own process beside the platform's, launch to /health/ready, seconds. */
async function deviceServiceStart(p: ScalePlatform): Promise<number> {
  const healthPort = await freePort();
  const started = performance.now();
  const app: AppProcess = startBuiltScript('apps/device-service/src/main.js', { ...p.infra.appEnv(), ADMIN_TOKEN, SECRETS_KEY, HEALTH_PORT: String(healthPort), LOG_LEVEL: 'warn' });
  try {
    await waitForStatus(`http://127.0.0.1:${healthPort}/health/ready`, 200, app, 120_000);
    return (performance.now() - started) / 1000;
  } finally {
    await app.stop();
  }
}

function logLengths(p: ScalePlatform): Record<string, number> {
  return Object.fromEntries(Object.entries(p.target.logs()).map(([app, text]) => [app, text.length]));
}

/** The first error an app of the platform logged since `from` (its JSON line, shortened): why a path failed. */
function firstErrorLogged(p: ScalePlatform, from: Record<string, number>): string | undefined {
  for (const [app, text] of Object.entries(p.target.logs())) {
    const line = text.slice(from[app] ?? 0).split('\n').find((l) => /"level":"(warn|error|fatal)"/.test(l));
    if (line) return `${p.name} ${app}: ${line.slice(0, 400)}`;
  }
  return undefined;
}

const ms = (v: number) => (Number.isFinite(v) ? `${v < 10 ? v.toFixed(1) : Math.round(v)} ms` : '—');
const x = (a: number, b: number) => (Number.isFinite(a) && Number.isFinite(b) && b > 0 ? `${(a / b).toFixed(2)}×` : '—');

/** Connections a distributed platform opens: each of its six services a pool of `poolSize` and one of 4 for events. */
const connectionsOf = (poolSize: number) => 6 * (poolSize + 4);

/** Both platforms share the machine's PostgreSQL: refuse early, and say what to change, when it cannot hold them. */
async function checkConnections(url: string, poolSize: number): Promise<void> {
  const probe = new Client({ connectionString: url, application_name: 'bench-scale-probe' });
  await probe.connect();
  try {
    const { rows } = await probe.query<{ max: string; used: string }>(`SELECT current_setting('max_connections') AS max, (SELECT count(*) FROM pg_stat_activity) AS used`);
    const free = Number(rows[0].max) - Number(rows[0].used);
    const needed = 2 * connectionsOf(poolSize) + 10;
    if (free < needed) {
      throw new Error(
        `scale bench: the two platforms need ${needed} PostgreSQL connections (BENCH_SCALE_POOL ${poolSize} a service), ${free} are free (max_connections ${rows[0].max}): ` +
          'raise it (ALTER SYSTEM SET max_connections = 300, then restart PostgreSQL) or lower BENCH_SCALE_POOL',
      );
    }
  } finally {
    await probe.end();
  }
}

async function prepare(name: string, merchantUrl: string, poolSize: number, log: (line: string) => void): Promise<ScalePlatform> {
  const { infra, db } = await startInfrastructure();
  if (name === 'reference') await checkConnections(db.url, poolSize);
  const target = await startDistributed(infra, db, { DATABASE_POOL_SIZE: String(poolSize) });
  const seed = await seedPlatform(target, { users: 100, devicesPerUser: 3, deletionUsers: 0, merchantUrl }, log);
  const [heavy, recorder] = seed.users;
  const sql = new Client({ connectionString: db.url, application_name: 'bench-scale-seed' });
  await sql.connect();
  try {
    // A grant through the admin API, activated by the app on the heavy user's first device: the template of every grant.
    const grant = expectOk('grant', await admin(target, 'POST', '/grants', { openId: heavy.openId, permissionCode: 'BENCH30', ipcMac: heavy.macs[0] }), 201);
    expectOk('permission.active', await gatewayPost(target, 'permission.active', { ...creds(heavy), grantId: String(grant.grantId), ipcMac: heavy.macs[0] }));
    // A firmware check the platform records: the template of every rollout check.
    expectOk('firmware.latest', await gatewayGet(target, { ...firmwareLatestParams(seed, heavy.macs[0]), ...creds(heavy) }));
    await until(async () => (await sql.query(`SELECT 1 FROM firmware.rollout_check WHERE mac_addr = $1`, [heavy.macs[0]])).rowCount! > 0, 'the rollout check to be recorded');
    // The heavy user's 1 000 devices and grants (MACs C1…), cloned from the ones above. Each password is encrypted
    // for its own MAC (bound as additional data: a copied ciphertext would not open), as addOemDevice stores it.
    const box = new SecretBox(Buffer.from(SECRETS_KEY, 'hex'));
    const macs = Array.from({ length: HEAVY_ROWS - heavy.macs.length }, (_, i) => `C1${(i + 1).toString(16).padStart(10, '0')}`.toUpperCase());
    await sql.query(
      `INSERT INTO device.device (mac_addr, user_id, device_name, product_name, username, password_ciphertext, hasusertag, support_store, support_rich_media, oem_code, created_at, updated_at)
       SELECT n.mac, d.user_id, d.device_name, d.product_name, d.username, n.ciphertext, d.hasusertag, d.support_store, d.support_rich_media, d.oem_code, now(), now()
       FROM unnest($1::text[], $2::text[]) AS n(mac, ciphertext) CROSS JOIN (SELECT * FROM device.device WHERE mac_addr = $3) d`,
      [macs, macs.map((mac) => box.encrypt(deviceForm(mac).password, mac)), heavy.macs[0]],
    );
    await sql.query(
      `INSERT INTO permission."grant" (user_id, open_id, permission_id, ipc_mac, grant_status, init_time, start_time, end_time)
       SELECT gr.user_id, gr.open_id, gr.permission_id, 'C1' || upper(lpad(to_hex(g), 10, '0')), gr.grant_status, gr.init_time, gr.start_time, gr.end_time
       FROM generate_series(1, $1::int - 1) g CROSS JOIN (SELECT * FROM permission."grant" WHERE id = $2) gr`,
      [HEAVY_ROWS, String(grant.grantId)],
    );
    const merchantId = Number((await sql.query<{ id: number }>(`SELECT id FROM sso.merchant WHERE client_id = $1`, [seed.merchant.clientId])).rows[0].id);
    const loader = await ScaleLoader.connect(db.url);
    const template: ScaleTemplate = { merchantId, deviceMac: heavy.macs[0], grantId: String(grant.grantId), rolloutMac: heavy.macs[0], recordingDeviceSegments: 0, segmentsEndEpochS: Math.floor(Date.now() / 1000) };
    const platform: ScalePlatform = { name, target, infra, db, seed, heavy, recorder, template, loader };
    await recordContinuously(platform, recordingSegments(), log);
    await sql.query('ANALYZE');
    return platform;
  } finally {
    await sql.end();
  }
}

async function until(condition: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`scale bench: waited 60 s for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * The recording device's footage up to `segments` 4-s segments ending now, continuous but for a 30-s gap every
 * 1 800 segments, in the platform's index (the bytes are never read by the measured calls).
 */
async function recordContinuously(p: ScalePlatform, segments: number, log: (line: string) => void): Promise<void> {
  const have = p.template.recordingDeviceSegments;
  if (segments <= have) return;
  const started = Date.now();
  const end = p.template.segmentsEndEpochS;
  const mac = p.recorder.macs[1];
  // Segment k counts back from the end: k = 0 is the newest.
  await p.loader.query(
    `INSERT INTO storage.segment (id, mac_addr, user_id, start_epoch_s, duration_ms, type, object_key, bytes, created_at)
     SELECT gen_random_uuid(), $1, s.user_id, $4::bigint - (k + 1) * ${SEGMENT_SECONDS} - (k / ${SEGMENTS_PER_CLIP}) * ${GAP_SECONDS},
            ${SEGMENT_SECONDS * 1000}, 1, 'segments/' || $1 || '/' || gen_random_uuid() || '.ts', 180000, now()
     FROM generate_series($2::int, $3::int - 1) k
     CROSS JOIN (SELECT user_id FROM device.device WHERE mac_addr = $1) s
     ON CONFLICT DO NOTHING`,
    [mac, have, segments, end],
  );
  // Its clips and hours, as the platform keeps them beside the segments (decisions CS20).
  await p.loader.query(`SELECT storage.rebuild_footage($1, (SELECT user_id FROM device.device WHERE mac_addr = $1))`, [mac]);
  p.template.recordingDeviceSegments = segments;
  log(`    ${p.name}: recording device ${mac} holds ${segments.toLocaleString('en')} segments (${((segments * SEGMENT_SECONDS) / DAY).toFixed(1)} days) (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

export async function runScaleBench(log: (line: string) => void): Promise<void> {
  const factors = (process.env.BENCH_SCALE_FACTORS ?? '1,100,1000').split(',').map((f) => Number(f.trim()));
  if (factors.some((f) => !Number.isInteger(f) || f < 1)) throw new Error('BENCH_SCALE_FACTORS: whole numbers ≥ 1, e.g. 1,100,1000');
  const requests = Math.max(10, Math.round(num('BENCH_SCALE_REQUESTS', 200)));
  const rounds = Math.max(1, Math.round(num('BENCH_ROUNDS', 3)));
  const connections = Math.max(1, Math.round(num('BENCH_CONNECTIONS', 10)));
  const starts = Math.max(0, Math.round(num('BENCH_SCALE_STARTS', 3)));
  const poolSize = Math.max(1, Math.round(num('BENCH_SCALE_POOL', 10)));
  const only = (process.env.BENCH_SCALE_PATHS ?? '').split(',').map((part) => part.trim()).filter(Boolean);
  const paths = only.length === 0 ? PATHS : PATHS.filter((path) => only.some((part) => path.name.includes(part)));
  if (paths.length === 0) throw new Error(`BENCH_SCALE_PATHS: no path's name contains ${only.join(' or ')}; the paths: ${PATHS.map((path) => path.name).join('; ')}`);
  log(`scale: factors ${factors.join(', ')}; per path, side and round ${requests} requests, ${connections} connections; ${rounds} rounds interleaved; DATABASE_POOL_SIZE ${poolSize}; load ${loadavg().map((v) => v.toFixed(2)).join(' ')}`);

  const cleanup: (() => Promise<void>)[] = [];
  try {
    const merchantPort = await freePort();
    const merchant = startBuiltScript('tools/bench/local-merchant.js', { BENCH_MERCHANT_PORT: String(merchantPort) });
    cleanup.push(() => merchant.stop());
    const merchantUrl = `http://127.0.0.1:${merchantPort}`;
    await waitForStatus(`${merchantUrl}/health`, 200, merchant, 15_000);

    const reference = await prepare('reference', merchantUrl, poolSize, log);
    cleanup.push(async () => {
      await reference.loader.close();
      await reference.target.close();
      await reference.db.close();
    });
    const scaled = await prepare('scaled', merchantUrl, poolSize, log);
    cleanup.push(async () => {
      await scaled.loader.close();
      await scaled.target.close();
      await scaled.db.close();
    });

    for (const factor of factors) {
      const loadStarted = Date.now();
      log(`\n×${factor}: loading`);
      await scaled.loader.loadTo(shapeAt(factor), scaled.template, log);
      await recordContinuously(scaled, recordingSegments() * factor, log);
      await scaled.loader.query('ANALYZE');
      log(`  loaded in ${((Date.now() - loadStarted) / 60_000).toFixed(1)} min; measuring (load ${loadavg().map((v) => v.toFixed(2)).join(' ')})`);
      log(`  | path | reference p50 / p99 | ×${factor} p50 / p99 | ratio p50 / p99 | failures |`);
      log('  |---|---|---|---|---|');
      for (const path of paths) {
        const ref: RunFigures[] = [];
        const big: RunFigures[] = [];
        // Warm-up of both sides (connections, plans, caches), then the interleaved rounds.
        await run(path, reference, Math.min(20, requests), connections);
        await run(path, scaled, Math.min(20, requests), connections);
        const logsFrom = [reference, scaled].map((p) => logLengths(p));
        for (let r = 0; r < rounds; r++) {
          ref.push(await run(path, reference, requests, connections));
          big.push(await run(path, scaled, requests, connections));
        }
        const logged = [reference, scaled].map((p, i) => firstErrorLogged(p, logsFrom[i])).find(Boolean);
        const m = (rs: RunFigures[], k: 'p50' | 'p99') => median(rs.map((f) => f[k]));
        const failures = [...ref, ...big].reduce((n, f) => n + f.failures, 0);
        const sample = [...ref, ...big].find((f) => f.sample)?.sample;
        log(`  | ${path.name} | ${ms(m(ref, 'p50'))} / ${ms(m(ref, 'p99'))} | ${ms(m(big, 'p50'))} / ${ms(m(big, 'p99'))} | ${x(m(big, 'p50'), m(ref, 'p50'))} / ${x(m(big, 'p99'), m(ref, 'p99'))} | ${failures}${sample ? ` (${sample})` : ''}${failures && logged ? `; logged: ${logged}` : ''} |`);
      }
      if (starts > 0) {
        const refStarts: number[] = [];
        const bigStarts: number[] = [];
        for (let i = 0; i < starts; i++) {
          refStarts.push(await deviceServiceStart(reference));
          bigStarts.push(await deviceServiceStart(scaled));
        }
        log(`  | device-service start → ready | ${median(refStarts).toFixed(2)} s | ${median(bigStarts).toFixed(2)} s | ${x(median(bigStarts), median(refStarts))} | 0 |`);
      }
    }
  } finally {
    for (const step of cleanup.reverse()) await step().catch((err: unknown) => log(`cleanup: ${String(err)}`));
  }
}
