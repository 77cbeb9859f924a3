/**
 * The platform under measurement, started by the bench on loopback in either mode:
 *   distributed — each app its own process from dist/ (`startApp`), on private infrastructure
 *                 (`startPrivateInfra`: own nats-server with JetStream, own throwaway database);
 *   embedded    — the built platform as `npm start` runs it (template first, then dist/apps/platform/src/main.js
 *                 with DATA_DIR in a temporary folder): one process, PGlite and the in-process bus.
 * Rate limits off (every request comes from one address); LOG_LEVEL as the user set it, else the default.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { allServiceDatabases, migrateService } from '@dcp/database';
import { type AppProcess, type PrivateInfra, freePort, startPrivateInfra, waitForStatus } from '@dcp/testing';
import { type ProcessGroups, startScript } from './processes';

export type Mode = 'distributed' | 'embedded';

export const ADMIN_TOKEN = 'bench-admin-token';
export const SECRETS_KEY = 'b'.repeat(64);
/**
 * The platform's per-device segment quota in the bench (CAMERA_QUOTA_SEGMENTS_PER_MINUTE, default 60): camera_ingest
 * at saturation sends each camera rate ÷ cameras segments a second, which reaches 60 a minute at 1,000 uploads/s
 * over 1,000 cameras. 600 leaves room up to 10,000 uploads/s; the fixed rate (one segment every 4 s) is within 60.
 */
export const CAMERA_QUOTA_PER_MINUTE = String(Math.round(Number(process.env.BENCH_CAMERA_QUOTA_PER_MINUTE ?? 600)));

/** The apps of distributed mode; the edge starts last, once the services it routes to are ready. */
const SERVICES = ['sso-service', 'device-service', 'permission-service', 'storage-service', 'firmware-service', 'push-service'] as const;

export interface PlatformTarget {
  mode: Mode;
  baseUrl: string;
  adminUrl: string;
  /**
   * Where cameras upload (`/camera/v1/*` on the store host): storage-service's own CAMERA_UPLOAD_PORT in
   * distributed mode (where the Ingress routes it, decisions CU10), the edge in embedded mode.
   */
  cameraUrl: string;
  /** The processes a run charges CPU to (PostgreSQL backends of the platform's database included). */
  processes(): Promise<ProcessGroups>;
  /** What each of the platform's processes wrote so far (stdout and stderr): the warnings a scenario reports. */
  logs(): Record<string, string>;
  close(): Promise<void>;
}

/** The platform's PostgreSQL, for the hand-written baseline and the deletion probe (distributed mode only). */
export interface SharedDatabase {
  url: string;
  name: string;
  /** Backend pids of this database, excluding connections whose application_name starts with `bench`. */
  platformBackends(): Promise<number[]>;
  /** Backend pids of connections with this application_name. */
  backendsOf(applicationName: string): Promise<number[]>;
  natsPid: number | undefined;
  close(): Promise<void>;
}

// This file runs from dist/tools/bench/.
const DIST_ROOT = join(__dirname, '../..');

const startApp = (app: string, env: Record<string, string>) => startScript(`apps/${app}/src/main.js`, env);

function commonEnv(baseUrl: string): Record<string, string> {
  return {
    ADMIN_TOKEN,
    SECRETS_KEY,
    MERCHANT_ALLOW_PRIVATE_NETWORKS: 'true',
    RATE_LIMIT_PER_ADDRESS: '0',
    RATE_LIMIT_PER_CLIENT: '0',
    // The seed makes its changes through the admin API faster than an operator would (SDB2 limits operators).
    ADMIN_CHANGES_PER_TOKEN: '0',
    ADMIN_CHANGES_PER_ADDRESS: '0',
    CAMERA_QUOTA_SEGMENTS_PER_MINUTE: CAMERA_QUOTA_PER_MINUTE,
    PUBLIC_BASE_URL: baseUrl,
    PUBLIC_STORE_URL: baseUrl,
    // startApp's default is warn; the figures that matter are at the platform's own default (info).
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
  };
}

/** The nats-server listening on `port` (its command line carries `-p <port>`), found in /proc. */
function natsServerPid(port: number): number | undefined {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (args[0].endsWith('nats-server') && args[args.indexOf('-p') + 1] === String(port)) return Number(entry);
    } catch {
      // gone meanwhile
    }
  }
  return undefined;
}

export async function startInfrastructure(): Promise<{ infra: PrivateInfra; db: SharedDatabase }> {
  const infra = await startPrivateInfra({ database: 'dcp_bench' });
  for (const def of allServiceDatabases()) await migrateService(def, { kind: 'postgres', url: infra.databaseUrl });
  const name = new URL(infra.databaseUrl).pathname.slice(1);
  const probe = new Client({ connectionString: infra.databaseUrl, application_name: 'bench-harness' });
  await probe.connect();
  const backends = async (where: string, arg: string) =>
    (await probe.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE datname = $1 AND ${where}`, [name, arg])).rows.map((r) => r.pid);
  return {
    infra,
    db: {
      url: infra.databaseUrl,
      name,
      platformBackends: () => backends(`application_name NOT LIKE $2`, 'bench%'),
      backendsOf: (app) => backends(`application_name = $2`, app),
      natsPid: natsServerPid(infra.natsPort),
      close: async () => {
        await probe.end();
        await infra.close();
      },
    },
  };
}

/** `extraEnv`: settings of a scenario's own (alarm_push: where FCM is), for every app. */
export async function startDistributed(infra: PrivateInfra, db: SharedDatabase, extraEnv: Record<string, string> = {}): Promise<PlatformTarget> {
  const [port, adminPort, cameraPort] = [await freePort(), await freePort(), await freePort()];
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = { ...infra.appEnv(), ...commonEnv(baseUrl), ...extraEnv };
  const apps = new Map<string, AppProcess>();
  try {
    await Promise.all(
      SERVICES.map(async (name) => {
        const healthPort = await freePort();
        const own: Record<string, string> = name === 'storage-service' ? { CAMERA_UPLOAD_PORT: String(cameraPort) } : {};
        const app = startApp(name, { ...env, ...own, HEALTH_PORT: String(healthPort) });
        apps.set(name, app);
        await waitForStatus(`http://127.0.0.1:${healthPort}/health/ready`, 200, app, 120_000);
      }),
    );
    const edge = startApp('gateway-edge', { ...env, PORT: String(port), ADMIN_PORT: String(adminPort), HEALTH_PORT: String(await freePort()) });
    apps.set('gateway-edge', edge);
    await waitForStatus(`${baseUrl}/health/ready`, 200, edge, 120_000);
  } catch (err) {
    await Promise.all([...apps.values()].map((a) => a.stop()));
    throw err;
  }
  return {
    mode: 'distributed',
    baseUrl,
    adminUrl: `http://127.0.0.1:${adminPort}`,
    cameraUrl: `http://127.0.0.1:${cameraPort}`,
    processes: async () => ({
      ...Object.fromEntries([...apps].map(([name, app]) => [name, [app.child.pid as number]])),
      'nats-server': db.natsPid ? [db.natsPid] : [],
      postgres: await db.platformBackends(),
    }),
    logs: () => Object.fromEntries([...apps].map(([name, app]) => [name, app.output()])),
    close: async () => {
      await Promise.all([...apps.values()].map((a) => stopGracefully(a)));
    },
  };
}

export async function startEmbedded(extraEnv: Record<string, string> = {}): Promise<PlatformTarget> {
  // As `npm start`: the pre-migrated template first (cached after the first build), then the platform.
  const migrate = spawnSync(process.execPath, [join(DIST_ROOT, 'libs/database/src/cli/migrate.js'), 'template'], { cwd: join(DIST_ROOT, '..'), encoding: 'utf8' });
  if (migrate.status !== 0) throw new Error(`migrate template failed:\n${migrate.stdout}${migrate.stderr}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'dcp-bench-embedded-'));
  const [port, adminPort] = [await freePort(), await freePort()];
  const baseUrl = `http://127.0.0.1:${port}`;
  const app = startApp('platform', { ...commonEnv(baseUrl), ...extraEnv, DATA_DIR: dataDir, PORT: String(port), ADMIN_PORT: String(adminPort) });
  try {
    await waitForStatus(`${baseUrl}/health/ready`, 200, app, 120_000);
  } catch (err) {
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  return {
    mode: 'embedded',
    baseUrl,
    adminUrl: `http://127.0.0.1:${adminPort}`,
    cameraUrl: baseUrl,
    processes: async () => ({ platform: [app.child.pid as number] }),
    logs: () => ({ platform: app.output() }),
    close: async () => {
      await stopGracefully(app);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** SIGTERM (the apps' ordered shutdown), SIGKILL after 15 s. */
async function stopGracefully(app: AppProcess): Promise<void> {
  if (app.child.exitCode !== null || app.child.signalCode !== null) return;
  app.child.kill('SIGTERM');
  const timer = setTimeout(() => app.child.kill('SIGKILL'), 15_000);
  await app.exited;
  clearTimeout(timer);
}
