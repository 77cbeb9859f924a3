/**
 * `npm run bench startup`: how long the built platform (`node dist/apps/platform/src/main.js`, what
 * `npm start` runs) takes to become ready and how much memory the whole process holds, measured from
 * outside as `/usr/bin/time -v` would: the child's RSS (VmRSS) and peak RSS (VmHWM) from /proc/<pid>/status.
 *
 * Per run: a cold start (a fresh DATA_DIR) measured at ready, then after a short load (autocannon on a
 * gateway call the edge answers and an admin call that reads sso-service's database), then stopped
 * (SIGTERM) and started again on the same DATA_DIR (warm start). Figures, never assertions.
 *
 * And what a newcomer waits for: `npm start` itself (the build check, the PGlite template check, then the
 * platform) launched to /health/ready answering 200, on a fresh DATA_DIR, once per run.
 *
 * Then the in-process boot of an embedded platform as the e2e specs start it (`startTestPlatform('embedded')`:
 * one in-memory PGlite from the services' template, in-process bus, ephemeral ports), start to listening.
 *
 * Options: BENCH_STARTUP_RUNS (default 3), BENCH_STARTUP_LOAD_SECONDS (default 3), BENCH_CONNECTIONS (10).
 */
import autocannon from 'autocannon';
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { allServiceDatabases } from '@dcp/database';
import { loadConfig } from '@dcp/runtime';
import { startPlatform } from '../../apps/platform/src/platform';

const MAIN = resolve(__dirname, '../../apps/platform/src/main.js');
const ADMIN_TOKEN = 'bench-admin-token';
const READY_TIMEOUT_MS = 120_000;

export interface StartupFigures {
  /** Spawn to the first HTTP 200 of /health/ready, in seconds. */
  readyS: number;
  /** VmRSS at ready, MiB. */
  rssReady: number;
  /** VmHWM (peak RSS) at ready, MiB. */
  peakReady: number;
  /** VmRSS / VmHWM after the load (cold starts only), MiB. */
  rssLoaded?: number;
  peakLoaded?: number;
}

interface Running {
  child: ChildProcess;
  base: string;
  admin: string;
  stderr: () => string;
}

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => ok(port));
    });
  });
}

/** VmRSS and VmHWM of a process in MiB (Linux). */
export function processMemory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
}

async function startPlatformProcess(dataDir: string): Promise<Running & { readyS: number }> {
  const [port, adminPort] = [await freePort(), await freePort()];
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), ADMIN_PORT: String(adminPort), ADMIN_TOKEN, LOG_LEVEL: 'silent', NODE_ENV: 'development', DATABASE_URL: '', NATS_URL: '', RATE_LIMIT_PER_ADDRESS: '0', RATE_LIMIT_PER_CLIENT: '0' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr?.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-4000)));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the platform exited (${child.exitCode}) before it was ready:\n${err}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the platform was not ready after ${READY_TIMEOUT_MS / 1000} s:\n${err}`);
    }
    const ok = await fetch(`${base}/health/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 25));
  }
  const readyS = Number(process.hrtime.bigint() - started) / 1e9;
  return { child, base, admin: `http://127.0.0.1:${adminPort}`, stderr: () => err, readyS };
}

/** `npm start` (as the README says) on a fresh DATA_DIR: seconds from launch to /health/ready answering 200. */
export async function measureNpmStart(): Promise<number> {
  const dataDir = mkdtempSync(join(tmpdir(), 'dcp-bench-npm-start-'));
  const [port, adminPort] = [await freePort(), await freePort()];
  const started = process.hrtime.bigint();
  // Its own process group: npm, the shell and node go together when it is stopped.
  const child = spawn('npm', ['start'], {
    cwd: resolve(__dirname, '../../..'),
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), ADMIN_PORT: String(adminPort), ADMIN_TOKEN, LOG_LEVEL: 'silent', NODE_ENV: 'development', DATABASE_URL: '', NATS_URL: '' },
    stdio: 'ignore',
    detached: true,
  });
  try {
    const deadline = Date.now() + READY_TIMEOUT_MS;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited (${child.exitCode}) before the platform was ready`);
      if (Date.now() > deadline) throw new Error(`npm start: not ready after ${READY_TIMEOUT_MS / 1000} s`);
      const ok = await fetch(`http://127.0.0.1:${port}/health/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return Number(process.hrtime.bigint() - started) / 1e9;
      await new Promise((r) => setTimeout(r, 25));
    }
  } finally {
    const exited = new Promise<void>((ok) => (child.exitCode !== null ? ok() : child.once('exit', () => ok())));
    process.kill(-(child.pid as number), 'SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function stop(run: Running): Promise<void> {
  if (run.child.exitCode !== null) return;
  const exited = new Promise<void>((ok) => run.child.once('exit', () => ok()));
  run.child.kill('SIGTERM');
  const timer = setTimeout(() => run.child.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
}

async function loadPlatform(run: Running, seconds: number, connections: number): Promise<void> {
  await autocannon({ url: `${run.base}/gateway?service=cloud_system.current_time`, connections, duration: seconds });
  await autocannon({ url: `${run.admin}/admin/v1/merchants`, headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, connections, duration: seconds });
}

/** One cold start (fresh DATA_DIR) with a load, then one warm start on the same DATA_DIR. */
export async function measureStartup(loadSeconds: number, connections: number): Promise<{ cold: StartupFigures; warm: StartupFigures }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'dcp-bench-startup-'));
  try {
    const first = await startPlatformProcess(dataDir);
    let cold: StartupFigures;
    try {
      const atReady = processMemory(first.child.pid as number);
      await loadPlatform(first, loadSeconds, connections);
      const loaded = processMemory(first.child.pid as number);
      cold = { readyS: first.readyS, rssReady: atReady.rss, peakReady: atReady.peak, rssLoaded: loaded.rss, peakLoaded: loaded.peak };
    } finally {
      await stop(first);
    }
    const second = await startPlatformProcess(dataDir);
    try {
      const atReady = processMemory(second.child.pid as number);
      return { cold, warm: { readyS: second.readyS, rssReady: atReady.rss, peakReady: atReady.peak } };
    } finally {
      await stop(second);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

export async function runStartupBench(out: (line: string) => void = (l) => process.stdout.write(l + '\n')): Promise<void> {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: build first (npm run bench builds)`);
  const runs = Number(process.env.BENCH_STARTUP_RUNS ?? 3);
  const loadSeconds = Number(process.env.BENCH_STARTUP_LOAD_SECONDS ?? 3);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
  out(`\nstartup: node ${MAIN.replace(process.cwd() + '/', '')}, ${runs} runs, ${loadSeconds} s load per endpoint with ${connections} connections (MiB: RSS, peak = VmHWM)`);
  const all: { cold: StartupFigures; warm: StartupFigures }[] = [];
  const launches: number[] = [];
  for (let i = 1; i <= runs; i++) {
    const r = await measureStartup(loadSeconds, connections);
    all.push(r);
    launches.push(await measureNpmStart());
    out(
      `  run ${i}: npm start → ready ${launches[i - 1].toFixed(2)} s | cold ready ${r.cold.readyS.toFixed(2)} s, RSS ${r.cold.rssReady.toFixed(0)} (peak ${r.cold.peakReady.toFixed(0)}), after load ${r.cold.rssLoaded?.toFixed(0)} (peak ${r.cold.peakLoaded?.toFixed(0)})` +
        ` | warm ready ${r.warm.readyS.toFixed(2)} s, RSS ${r.warm.rssReady.toFixed(0)} (peak ${r.warm.peakReady.toFixed(0)})`,
    );
  }
  const m = (f: (r: { cold: StartupFigures; warm: StartupFigures }) => number | undefined) => median(all.map((r) => f(r) ?? NaN));
  out(`  median cold start: ready ${m((r) => r.cold.readyS).toFixed(2)} s, RSS at ready ${m((r) => r.cold.rssReady).toFixed(0)} MiB (peak ${m((r) => r.cold.peakReady).toFixed(0)}), after load ${m((r) => r.cold.rssLoaded).toFixed(0)} MiB (peak ${m((r) => r.cold.peakLoaded).toFixed(0)})`);
  out(`  median warm start: ready ${m((r) => r.warm.readyS).toFixed(2)} s, RSS at ready ${m((r) => r.warm.rssReady).toFixed(0)} MiB (peak ${m((r) => r.warm.peakReady).toFixed(0)})`);
  out(`  median npm start → ready (fresh DATA_DIR; what a newcomer waits for): ${median(launches).toFixed(2)} s`);
}

/** Seconds from startPlatform to listening, with the e2e harness's embedded overrides, `runs` times. */
async function measureTestPlatformBoot(runs: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const dataDir = mkdtempSync(join(tmpdir(), 'dcp-bench-boot-'));
    const started = process.hrtime.bigint();
    const config = loadConfig({ DATA_DIR: dataDir, ADMIN_TOKEN: ADMIN_TOKEN, MERCHANT_ALLOW_PRIVATE_NETWORKS: 'true', RATE_LIMIT_PER_ADDRESS: '0', RATE_LIMIT_PER_CLIENT: '0' } as NodeJS.ProcessEnv);
    const database = { kind: 'pglite' as const, dataDir: `memory://bench-boot-${process.pid}-${i}`, services: allServiceDatabases() };
    const platform = await startPlatform(config, {
      overrides: { bus: { kind: 'in-process', busId: `bench-boot-${process.pid}-${i}` }, database: () => database },
      port: 0,
      adminPort: 0,
      host: '127.0.0.1',
    });
    times.push(Number(process.hrtime.bigint() - started) / 1e9);
    await platform.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return times;
}

export async function runTestPlatformBench(out: (line: string) => void = (l) => process.stdout.write(l + '\n')): Promise<void> {
  const runs = Number(process.env.BENCH_STARTUP_RUNS ?? 3) + 1;
  const times = await measureTestPlatformBoot(runs);
  out(`\ntest platform (as startTestPlatform('embedded'), in this process): boots ${times.map((t) => t.toFixed(2)).join(', ')} s; median of the runs after the first ${median(times.slice(1)).toFixed(2)} s`);
}
