/**
 * `npm run bench [scenario…]`: the platform against hand-written baselines, interleaved in the same run, on
 * loopback; figures printed and written to docs/benchmarks.md (between its bench markers). Never assertions.
 *
 *   1. private infrastructure (own nats-server, own throwaway database on the machine's PostgreSQL) and the
 *      local merchant (./local-merchant.ts), each its own process;
 *   2. distributed mode (./targets.ts): every app its own process, seeded through the real surface (./seed.ts),
 *      the baselines started beside it (./baselines/), every scenario (./scenarios.ts) run interleaved
 *      (./runner.ts), then deletion propagation (./propagation.ts);
 *   3. embedded mode: the built platform as `npm start` runs it, seeded the same way, the same scenarios; its
 *      hand-written baseline reads the PostgreSQL database seeded in step 2 (PGlite's data belongs to the
 *      platform's process);
 *   4. the report (./report.ts).
 *
 * Scenarios: current_time, getOemDeviceByUser, getOemDeviceByUser_one_user, add_del_pair, authorize_by_token,
 * record_play, firmware_latest, propagation; `scale` (./scale.ts: every path at ×1, ×100 and ×1000 data), `startup` (./startup.ts), `row_costs` (./row-costs.ts), `camera_ingest` (./camera-ingest.ts) and
 * `alarm_push` (./alarm-push.ts, with the local FCM server as its own process: ./fcm-receiver.ts) only when named.
 * Options (environment): BENCH_SECONDS (3), BENCH_ROUNDS (3), BENCH_CONNECTIONS (20), BENCH_MODES
 * (distributed,embedded), BENCH_USERS (100), BENCH_DEVICES_PER_USER (3), BENCH_DELETIONS (1000 per phase),
 * BENCH_PROPAGATION_LOAD (1000 req/s), BENCH_DELETION_RATE (20 deletions a second), BENCH_RATE_FRACTION (0.6), BENCH_MAX_RATE (2000 req/s), BENCH_WARMUP_SECONDS (1), BENCH_WRITE
 * (1: write docs/benchmarks.md even after a partial run; 0: never), LOG_LEVEL (the platform's default: info);
 * camera_ingest: BENCH_CAMERAS (1000), BENCH_CAMERAS_PER_USER (10), BENCH_CAMERA_QUOTA_PER_MINUTE (600, the
 * platform's CAMERA_QUOTA_SEGMENTS_PER_MINUTE in the bench); alarm_push: BENCH_PHONES (10000 FCM phones),
 * BENCH_PHONES_PER_USER (2; one camera a user), BENCH_PUSH_SETTLE_SECONDS (60: how long a run may wait for its pushes);
 * row_costs: BENCH_ROWS (1000), BENCH_ROW_CALLS (100 calls per round), BENCH_ROW_WARMUP (20), BENCH_CPU_PROF_DIR.
 */
import { cpus, loadavg } from 'node:os';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { configureLogging } from '@dcp/observability';
import { type AppProcess, type FcmServiceAccount, freePort, waitForStatus } from '@dcp/testing';
import { configureAlarmPush } from './alarm-push';
import { captureResponses } from './capture';
import { measurePropagation, type PropagationResult } from './propagation';
import { type ProcessGroups, startScript } from './processes';
import { renderReport, writeReport } from './report';
import { type ScenarioResult, type RunSettings, type Side, runScenario } from './runner';
import { SCENARIOS, type Scenario } from './scenarios';
import { type Seed, seedPlatform } from './seed';
import { runRowCostsBench } from './row-costs';
import { runScaleBench } from './scale';
import { runStartupBench, runTestPlatformBench } from './startup';
import { CAMERA_QUOTA_PER_MINUTE, type PlatformTarget, SECRETS_KEY, type SharedDatabase, startDistributed, startEmbedded, startInfrastructure } from './targets';

// This file runs from dist/tools/bench/.
const REPO_ROOT = join(__dirname, '../../..');
const log = (line: string) => process.stdout.write(line + '\n');
const num = (name: string, fallback: number) => {
  const v = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(v) || v < 0) throw new Error(`${name} must be a non-negative number`);
  return v;
};

const settings: RunSettings = {
  seconds: num('BENCH_SECONDS', 3),
  rounds: Math.max(1, Math.round(num('BENCH_ROUNDS', 3))),
  connections: Math.max(1, Math.round(num('BENCH_CONNECTIONS', 20))),
  warmupSeconds: num('BENCH_WARMUP_SECONDS', 1),
  rateFraction: num('BENCH_RATE_FRACTION', 0.6),
  maxRate: Math.max(1, num('BENCH_MAX_RATE', 2000)),
};
const USERS = Math.max(1, Math.round(num('BENCH_USERS', 100)));
const DEVICES_PER_USER = Math.max(1, Math.round(num('BENCH_DEVICES_PER_USER', 3)));
const DELETIONS = Math.round(num('BENCH_DELETIONS', 1000));
const PROPAGATION_LOAD = num('BENCH_PROPAGATION_LOAD', 1000);
const DELETION_RATE = Math.max(1, num('BENCH_DELETION_RATE', 20));
const CAMERAS = Math.max(1, Math.round(num('BENCH_CAMERAS', 1000)));
const CAMERAS_PER_USER = Math.max(1, Math.round(num('BENCH_CAMERAS_PER_USER', 10)));
const PHONES = Math.max(1, Math.round(num('BENCH_PHONES', 10_000)));
const PHONES_PER_USER = Math.max(1, Math.round(num('BENCH_PHONES_PER_USER', 2)));
const PUSH_SETTLE_SECONDS = Math.max(1, num('BENCH_PUSH_SETTLE_SECONDS', 60));

interface Baseline {
  process: AppProcess;
  url: string;
}

async function startBaseline(script: string, env: Record<string, string>): Promise<Baseline> {
  const port = await freePort();
  const app = startScript(script, { ...env, BENCH_PORT: String(port) });
  const url = `http://127.0.0.1:${port}`;
  await waitForStatus(`${url}/gateway`, 200, app, 30_000);
  return { process: app, url };
}

async function stopProcess(app: AppProcess | undefined): Promise<void> {
  if (!app || app.child.exitCode !== null || app.child.signalCode !== null) return;
  app.child.kill('SIGTERM');
  const timer = setTimeout(() => app.child.kill('SIGKILL'), 5_000);
  await app.exited;
  clearTimeout(timer);
}

/** Short process names for the CPU columns (`gateway-edge` → `edge`, `sso-service` → `sso`). */
function shortNames(groups: ProcessGroups): ProcessGroups {
  return Object.fromEntries(Object.entries(groups).map(([k, v]) => [k.replace(/^gateway-/, '').replace(/-service$/, '').replace(/-server$/, ''), v]));
}

function platformSide(target: PlatformTarget, seed: Seed): Side & { cameraUrl: string } {
  return {
    name: 'platform',
    role: 'platform',
    url: target.baseUrl,
    cameraUrl: target.cameraUrl,
    seed,
    macPrefix: target.mode === 'distributed' ? 'A0' : 'E0',
    processes: async () => shortNames(await target.processes()),
    adminUrl: target.adminUrl,
    logs: () => target.logs(),
  };
}

function sidesFor(scenario: Scenario, platformSide: Side & { cameraUrl: string }, bare: Baseline, pg: Baseline | undefined, pgSeed: Seed | undefined, db: SharedDatabase | undefined, ingest: Baseline | undefined): Side[] {
  const { cameraUrl, ...platform } = platformSide;
  const sides: Side[] = [scenario.host === 'camera' ? { ...platform, url: cameraUrl } : platform];
  if (scenario.baselines.includes('bare')) sides.push({ name: 'bare Fastify', role: 'bare', url: bare.url, seed: platform.seed, macPrefix: 'F0', processes: async () => ({ fastify: [bare.process.child.pid as number] }) });
  if (scenario.baselines.includes('pg') && pg && pgSeed && db) {
    sides.push({
      name: 'Fastify + pg',
      role: 'pg',
      url: pg.url,
      seed: pgSeed,
      macPrefix: 'B0',
      processes: async () => ({ 'fastify+pg': [pg.process.child.pid as number], postgres: await db.backendsOf('bench-pg-baseline') }),
    });
  }
  if (scenario.baselines.includes('ingest') && ingest && pgSeed && db) {
    sides.push({
      name: 'Fastify ingest',
      role: 'ingest',
      url: ingest.url,
      seed: pgSeed,
      macPrefix: 'C0',
      processes: async () => ({ 'fastify ingest': [ingest.process.child.pid as number], postgres: await db.backendsOf('bench-ingest-baseline') }),
    });
  }
  return sides;
}

/** The hand-written baseline must answer what the platform answers: same envelope, same records. */
async function compareAnswers(platformUrl: string, pgUrl: string, seed: Seed): Promise<void> {
  const u = seed.users[0];
  const path = `/gateway?${new URLSearchParams({ service: 'user_ipc_setting_v2_0.getOemDeviceByUser', clientId: u.clientId, openId: u.openId, accessToken: u.accessToken })}`;
  const [a, b] = await Promise.all([platformUrl, pgUrl].map(async (base) => (await fetch(base + path)).json()));
  log(isDeepStrictEqual(a, b) ? '  Fastify + pg answers getOemDeviceByUser exactly as the platform does' : `  WARNING: Fastify + pg answers differently:\n    platform ${JSON.stringify(a)}\n    baseline ${JSON.stringify(b)}`);
}

async function main(): Promise<void> {
  const names = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  const known = [...SCENARIOS.map((s) => s.name), 'propagation', 'startup', 'scale', 'row_costs'];
  const unknown = names.filter((n) => !known.includes(n));
  if (unknown.length) throw new Error(`unknown scenario ${unknown.join(', ')}; known: ${known.join(', ')}`);
  const wanted = SCENARIOS.filter((s) => (names.length === 0 && !s.onlyWhenNamed) || names.includes(s.name));
  const cameras = wanted.some((s) => s.baselines.includes('ingest')) ? CAMERAS : 0;
  const phones = wanted.some((s) => s.name === 'alarm_push') ? PHONES : 0;
  const propagation = names.length === 0 || names.includes('propagation');
  const modes = (process.env.BENCH_MODES ?? 'distributed,embedded').split(',').map((m) => m.trim()).filter(Boolean);
  const badMode = modes.find((m) => m !== 'distributed' && m !== 'embedded');
  if (badMode) throw new Error(`BENCH_MODES: unknown mode ${badMode} (distributed, embedded)`);

  if (names.includes('startup')) {
    // First and alone: the child process must not share the CPU with a platform under load.
    configureLogging({ service: 'bench', level: 'warn' });
    await runStartupBench();
    await runTestPlatformBench();
  }
  if (names.includes('row_costs')) {
    // Alone too: its calls are timed one at a time, so nothing else may load the machine meanwhile.
    configureLogging({ service: 'bench', level: 'warn' });
    await runRowCostsBench(modes, log);
  }
  if (names.includes('scale')) {
    // Alone: two distributed platforms and bulk loads of millions of rows (./scale.ts).
    configureLogging({ service: 'bench', level: 'warn' });
    await runScaleBench(log);
  }
  if (wanted.length === 0 && !propagation) return;

  const started = Date.now();
  const loadAtStart = loadavg().map((v) => v.toFixed(2)).join(' ');
  const logLevel = process.env.LOG_LEVEL ?? 'info (default)';
  log(`bench: modes ${modes.join(', ')}; ${settings.seconds} s per run, ${settings.rounds} rounds, ${settings.connections} connections, fixed rate ${settings.rateFraction * 100}% of the slowest side (at most ${settings.maxRate} req/s); ${USERS} users × ${DEVICES_PER_USER} devices; LOG_LEVEL ${logLevel}; Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}`);
  if (cameras > 0) log(`camera_ingest: ${cameras} cameras (${CAMERAS_PER_USER} per user), CAMERA_QUOTA_SEGMENTS_PER_MINUTE ${CAMERA_QUOTA_PER_MINUTE} on the platform`);
  if (phones > 0) log(`alarm_push: ${phones} FCM phones (${PHONES_PER_USER} per user, one camera each), the local FCM server as the receiver; a run waits up to ${PUSH_SETTLE_SECONDS} s for its pushes; the platform's alarm limits at their defaults`);

  const needPg = wanted.some((s) => s.baselines.includes('pg'));
  const needIngest = wanted.some((s) => s.baselines.includes('ingest'));
  // Both hand-written baselines work on the PostgreSQL database the distributed platform seeded.
  const needDatabase = needPg || needIngest;
  const distributed = modes.includes('distributed');
  const measurePropagationNow = propagation && distributed && DELETIONS > 0;
  const results: ScenarioResult[] = [];
  const propagationResults: PropagationResult[] = [];
  const cannedDir = mkdtempSync(join(tmpdir(), 'dcp-bench-canned-'));
  const cleanup: (() => Promise<void>)[] = [];
  try {
    const merchantPort = await freePort();
    const merchant = startScript('tools/bench/local-merchant.js', { BENCH_MERCHANT_PORT: String(merchantPort) });
    cleanup.push(() => stopProcess(merchant));
    const merchantUrl = `http://127.0.0.1:${merchantPort}`;
    await waitForStatus(`${merchantUrl}/health`, 200, merchant, 15_000);

    // alarm_push: the local FCM server, its own process, before the platform (which is told where FCM is).
    let platformEnv: Record<string, string> = {};
    let fcmAccount: (() => Promise<FcmServiceAccount>) | undefined;
    if (phones > 0) {
      const controlPort = await freePort();
      const receiver = startScript('tools/bench/fcm-receiver.js', { BENCH_FCM_CONTROL_PORT: String(controlPort) });
      cleanup.push(() => stopProcess(receiver));
      const controlUrl = `http://127.0.0.1:${controlPort}`;
      await waitForStatus(`${controlUrl}/health`, 200, receiver, 15_000);
      const fcm = (await (await fetch(`${controlUrl}/health`)).json()) as { baseUrl: string; tokenUrl: string };
      platformEnv = { PUSH_FCM_BASE_URL: fcm.baseUrl, PUSH_FCM_TOKEN_URL: fcm.tokenUrl };
      configureAlarmPush({ receiverUrl: controlUrl, settleTimeoutMs: PUSH_SETTLE_SECONDS * 1000 });
      fcmAccount = async () => {
        const res = await fetch(`${controlUrl}/account`, { method: 'POST' });
        if (res.status !== 200) throw new Error(`fcm receiver: /account answered ${res.status}`);
        return (await res.json()) as FcmServiceAccount;
      };
    }

    let db: SharedDatabase | undefined;
    let distributedTarget: PlatformTarget | undefined;
    let distributedSeed: Seed | undefined;
    let pg: Baseline | undefined;
    let ingest: Baseline | undefined;
    if (distributed || needDatabase) {
      const infra = await startInfrastructure();
      db = infra.db;
      cleanup.push(() => infra.db.close());
      const target = await startDistributed(infra.infra, infra.db, platformEnv);
      distributedTarget = target;
      cleanup.push(() => target.close());
      log(`distributed platform up (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      distributedSeed = await seedPlatform(
        target,
        { users: USERS, devicesPerUser: DEVICES_PER_USER, deletionUsers: measurePropagationNow ? 2 * DELETIONS : 0, merchantUrl, cameras, camerasPerUser: CAMERAS_PER_USER, phones, phonesPerUser: PHONES_PER_USER, fcmAccount },
        log,
      );
      if (needIngest) {
        // Its objects in a folder of its own beside the platform's (the same file system: the temporary folder).
        const objectsDir = join(cannedDir, 'ingest-objects');
        mkdirSync(objectsDir, { recursive: true });
        const baseline = await startBaseline('tools/bench/baselines/ingest-baseline.js', { DATABASE_URL: infra.db.url, SECRETS_KEY, BENCH_OBJECTS_DIR: objectsDir });
        ingest = baseline;
        cleanup.push(() => stopProcess(baseline.process));
      }
      if (needPg) {
        const baseline = await startBaseline('tools/bench/baselines/pg-baseline.js', { DATABASE_URL: infra.db.url, SECRETS_KEY });
        pg = baseline;
        cleanup.push(() => stopProcess(baseline.process));
        await compareAnswers(target.baseUrl, baseline.url, distributedSeed);
      }
    }

    const runMode = async (target: PlatformTarget, seed: Seed) => {
      const cannedFile = join(cannedDir, `${target.mode}.json`);
      writeFileSync(cannedFile, JSON.stringify(await captureResponses(target, seed)));
      const bare = await startBaseline('tools/bench/baselines/bare-fastify.js', { BENCH_CANNED: cannedFile });
      try {
        const platform = platformSide(target, seed);
        for (const scenario of wanted) results.push(await runScenario(scenario, target.mode, sidesFor(scenario, platform, bare, pg, distributedSeed, db, ingest), settings, log));
      } finally {
        await stopProcess(bare.process);
      }
    };

    if (distributed && distributedTarget && distributedSeed) {
      await runMode(distributedTarget, distributedSeed);
      if (measurePropagationNow && db) {
        const seed = distributedSeed;
        const loadPaths = seed.users.map((u) => `/gateway?${new URLSearchParams({ service: 'user_ipc_setting_v2_0.getOemDeviceByUser', clientId: u.clientId, openId: u.openId, accessToken: u.accessToken })}`);
        propagationResults.push(
          ...(await measurePropagation(
            { target: distributedTarget, databaseUrl: db.url, merchantUrl, merchant: seed.merchant, users: seed.deletionUsers, loadPaths, loadRate: PROPAGATION_LOAD, deletionRate: DELETION_RATE, concurrency: 16 },
            log,
          )),
        );
      }
    }
    // The distributed apps would only take memory from here on; the database stays for the pg baseline.
    if (distributedTarget) await distributedTarget.close();

    if (modes.includes('embedded')) {
      const embeddedStarted = Date.now();
      const target = await startEmbedded(platformEnv);
      cleanup.push(() => target.close());
      log(`\nembedded platform up (${((Date.now() - embeddedStarted) / 1000).toFixed(1)} s)`);
      const seed = await seedPlatform(target, { users: USERS, devicesPerUser: DEVICES_PER_USER, deletionUsers: 0, merchantUrl, cameras, camerasPerUser: CAMERAS_PER_USER, phones, phonesPerUser: PHONES_PER_USER, fcmAccount }, log);
      await runMode(target, seed);
    }
  } finally {
    for (const step of cleanup.reverse()) await step().catch((err: unknown) => log(`cleanup: ${String(err)}`));
    rmSync(cannedDir, { recursive: true, force: true });
  }

  const report = renderReport(
    {
      date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
      cpu: cpus()[0]?.model ?? 'unknown CPU',
      cores: cpus().length,
      node: process.version,
      settings: `modes ${modes.join(', ')}; ${settings.seconds} s per run, ${settings.rounds} rounds interleaved, ${settings.connections} connections, fixed rate ${settings.rateFraction * 100}% of the slowest side's median saturation (at most ${settings.maxRate} req/s, open loop), ${settings.warmupSeconds} s warm-up per side; ${USERS} users × ${DEVICES_PER_USER} devices${cameras > 0 ? `; ${cameras} cameras (${CAMERAS_PER_USER} per user), CAMERA_QUOTA_SEGMENTS_PER_MINUTE ${CAMERA_QUOTA_PER_MINUTE}` : ''}${phones > 0 ? `; ${phones} FCM phones (${PHONES_PER_USER} per user, one camera each), a run waits up to ${PUSH_SETTLE_SECONDS} s for its pushes` : ''}; LOG_LEVEL ${logLevel}; load average (1, 5, 15 min) ${loadAtStart} at the start, ${loadavg().map((v) => v.toFixed(2)).join(' ')} at the end; run took ${((Date.now() - started) / 60000).toFixed(1)} min`,
    },
    results,
    propagationResults,
  );
  log(`\n${report}`);
  const write = process.env.BENCH_WRITE ?? (names.length === 0 ? '1' : '0');
  if (write === '1') {
    writeReport(join(REPO_ROOT, 'docs/benchmarks.md'), report);
    log('\nwritten to docs/benchmarks.md');
  } else log('\npartial run: docs/benchmarks.md left as it is (BENCH_WRITE=1 writes it anyway)');
}

main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
