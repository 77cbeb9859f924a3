/**
 * `npm run bench -- row_costs` (issue 23): what the platform spends per row of a large answer. One user with
 * BENCH_ROWS (1,000) devices and as many authorization records on them (a free plan granted for each device:
 * active at once, each with its camera stream, so every record carries a streamId), seeded through the real
 * surface (./seed.ts). Then `getOemDeviceByUser` (a device password decrypted per row) and
 * `permission.query_user_ipcs_valid` (a streamId decrypted per row) are called one at a time, as the user's
 * app calls them, through the HTTP surface with the user's credentials: BENCH_ROUNDS (3) rounds, each
 * BENCH_ROW_CALLS (100) calls of one operation then of the other, after BENCH_ROW_WARMUP (20) calls of each.
 *
 * Per operation: latency p50 and p99 of the calls (closed loop, one at a time: the latency is the cost) and the
 * CPU each process group spent per call (/proc, ./processes.ts), so a run on a busy machine still shows where
 * the time went. Every answer is checked (no errorCode, all rows, a streamId on every record). Figures, never
 * assertions; printed only (docs/benchmarks.md "Rows per call" records runs). BENCH_CPU_PROF_DIR: each of the
 * platform's Node processes writes there a V8 CPU profile of each operation's calls of each round (./cpu-profile.ts).
 */
import { join } from 'node:path';
import { freePort, waitForStatus } from '@dcp/testing';
import { cpuDelta, snapshot, startScript } from './processes';
import { type MerchantAccount, OEM_CODE, admin, benchMac, deviceForm, expectOk, gatewayPost, mapLimit, signIn } from './seed';
import { median, percentile } from './stats';
import { type PlatformTarget, startDistributed, startEmbedded, startInfrastructure } from './targets';

const ROW_PLAN = 'BENCHROWS';
const DEVICE_LIST = 'user_ipc_setting_v2_0.getOemDeviceByUser';
const VALID_GRANTS = 'permission.query_user_ipcs_valid';

export interface RowCostsSettings {
  rows: number;
  rounds: number;
  callsPerRound: number;
  warmup: number;
}

export interface RowUser {
  clientId: string;
  openId: string;
  accessToken: string;
}

/** Per operation over every round: latencies (ms) and CPU milliseconds per call by process group. */
export interface RowCostsFigures {
  operation: string;
  p50: number[];
  p99: number[];
  cpuMsPerCall: Record<string, number[]>;
  bytes: number;
}

/** A merchant and the manufacturer of the seeded devices, as an operator registers them. */
async function registerMerchant(target: PlatformTarget, merchantUrl: string): Promise<MerchantAccount> {
  const body = expectOk(
    'merchant registration',
    await admin(target, 'POST', '/merchants', { name: 'Bench merchant', tokenValidationUrl: `${merchantUrl}/idp/is_valid_token`, userProfileUrl: `${merchantUrl}/idp/get_user_profile` }),
    201,
  );
  expectOk('manufacturer', await admin(target, 'POST', '/manufacturers', { oemCode: OEM_CODE, name: 'Bench cameras' }), 201);
  return { clientId: String(body.clientId), clientSecret: String(body.clientSecret) };
}

/**
 * The user with `rows` devices and a free plan granted for each (active at once with its camera stream,
 * decisions CU3), through the admin API and the gateway as an operator and the app would.
 */
export async function seedRowUser(target: PlatformTarget, merchant: MerchantAccount, rows: number, log: (line: string) => void): Promise<RowUser> {
  const started = Date.now();
  expectOk('free plan', await admin(target, 'POST', '/permissions', { permissionCode: ROW_PLAN, permissionName: 'Bench rows', permissionType: 2, durationDays: 30 }), 201);
  const { openId, accessToken } = await signIn(target, merchant, 'bench-row-user');
  const user = { clientId: merchant.clientId, openId, accessToken };
  await mapLimit(Array.from({ length: rows }, (_, i) => benchMac('0E', i)), 8, async (mac) => {
    expectOk('addOemDevice', await gatewayPost(target, 'user_ipc_setting_v2_0.addOemDevice', { ...user, ...deviceForm(mac) }));
    expectOk('grant', await admin(target, 'POST', '/grants', { openId, permissionCode: ROW_PLAN, ipcMac: mac }), 201);
  });
  log(`  seeded ${target.mode}: one user with ${rows} devices and ${rows} active grants with camera streams (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return user;
}

/** The answer is whole: no errorCode, `rows` records, every authorization record with its streamId. */
function checkAnswer(operation: string, text: string, rows: number): void {
  const body = JSON.parse(text) as { errorCode?: string; data?: Record<string, unknown>[] };
  if (body.errorCode !== '' || !Array.isArray(body.data) || body.data.length !== rows) throw new Error(`${operation} answered ${text.slice(0, 300)}`);
  if (operation === VALID_GRANTS && !body.data.every((r) => typeof r.streamId === 'string')) throw new Error(`${operation}: a record without its streamId`);
}

async function callOnce(url: string): Promise<{ ms: number; text: string }> {
  const started = process.hrtime.bigint();
  const res = await fetch(url);
  const text = await res.text();
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (res.status !== 200) throw new Error(`${url.split('?')[0]}: HTTP ${res.status} ${text.slice(0, 200)}`);
  return { ms, text };
}

/** Calls each operation `settings.callsPerRound` times a round, one operation after the other, round after round. */
export async function measureRowCosts(target: PlatformTarget, user: RowUser, settings: RowCostsSettings, log: (line: string) => void, profiling = false): Promise<RowCostsFigures[]> {
  const urls = [DEVICE_LIST, VALID_GRANTS].map((service) => ({ service, url: `${target.baseUrl}/gateway?${new URLSearchParams({ service, ...user })}` }));
  const figures: RowCostsFigures[] = urls.map(({ service }) => ({ operation: service, p50: [], p99: [], cpuMsPerCall: {}, bytes: 0 }));
  for (const { service, url } of urls) {
    for (let i = 0; i < settings.warmup; i++) checkAnswer(service, (await callOnce(url)).text, settings.rows);
  }
  // The device list is the same answer every call (no time in it): it must stay byte for byte what it was.
  const firstDeviceList = (await callOnce(urls[0].url)).text;
  for (let round = 1; round <= settings.rounds; round++) {
    for (const [i, { service, url }] of urls.entries()) {
      const groups = await target.processes();
      const before = snapshot(groups);
      // The profiler's start and stop (./cpu-profile.ts), in the platform's Node processes only.
      const toggleProfilers = () => {
        if (profiling) for (const [group, pids] of Object.entries(groups)) if (group !== 'postgres' && group !== 'nats-server') for (const pid of pids) process.kill(pid, 'SIGUSR2');
      };
      toggleProfilers();
      const latencies: number[] = [];
      for (let call = 0; call < settings.callsPerRound; call++) {
        const { ms, text } = await callOnce(url);
        latencies.push(ms);
        if (call === 0) {
          checkAnswer(service, text, settings.rows);
          figures[i].bytes = Buffer.byteLength(text);
          if (i === 0 && text !== firstDeviceList) throw new Error(`${service}: the answer changed between calls`);
        }
      }
      const cpu = cpuDelta(groups, before, snapshot(groups));
      toggleProfilers();
      for (const [group, seconds] of Object.entries(cpu)) (figures[i].cpuMsPerCall[group] ??= []).push((seconds * 1000) / settings.callsPerRound);
      figures[i].p50.push(percentile(latencies, 50));
      figures[i].p99.push(percentile(latencies, 99));
      const busiest = Object.entries(cpu).filter(([, s]) => s > 0).sort((a, b) => b[1] - a[1]).slice(0, 4);
      log(
        `  round ${round} ${service}: p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms; CPU per call ${busiest.map(([g, s]) => `${g} ${((s * 1000) / settings.callsPerRound).toFixed(1)} ms`).join(', ')}`,
      );
    }
  }
  return figures;
}

/** The medians over the rounds, one line per operation. */
export function describeRowCosts(mode: string, rows: number, figures: readonly RowCostsFigures[]): string[] {
  return figures.map((f) => {
    const cpu = Object.entries(f.cpuMsPerCall)
      .map(([group, values]) => [group, median(values)] as const)
      .filter(([, ms]) => ms >= 0.05)
      .sort((a, b) => b[1] - a[1])
      .map(([group, ms]) => `${group} ${ms.toFixed(1)}`)
      .join(', ');
    return `  ${mode} ${f.operation} (${rows} rows, ${(f.bytes / 1024).toFixed(0)} KiB): median of rounds p50 ${median(f.p50).toFixed(1)} ms, p99 ${median(f.p99).toFixed(1)} ms; CPU ms per call ${cpu}`;
  });
}

const setting = (name: string, fallback: number) => {
  const v = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(v) || v < 1) throw new Error(`${name} must be a positive integer`);
  return v;
};

/** The whole scenario in each mode asked for (BENCH_MODES): a platform of its own, seeded, measured, stopped. */
export async function runRowCostsBench(modes: readonly string[], log: (line: string) => void): Promise<void> {
  const settings: RowCostsSettings = {
    rows: setting('BENCH_ROWS', 1000),
    rounds: setting('BENCH_ROUNDS', 3),
    callsPerRound: setting('BENCH_ROW_CALLS', 100),
    warmup: setting('BENCH_ROW_WARMUP', 20),
  };
  log(`\nrow_costs: ${settings.rows} devices and grants of one user; ${settings.rounds} rounds × ${settings.callsPerRound} calls of each operation, one at a time, after ${settings.warmup} warm-up calls; modes ${modes.join(', ')}`);
  const profileDir = process.env.BENCH_CPU_PROF_DIR;
  const profiling: Record<string, string> = profileDir ? { NODE_OPTIONS: `--require ${join(__dirname, 'cpu-profile.js')}`, BENCH_CPU_PROF_DIR: profileDir } : {};
  const merchantPort = await freePort();
  const merchant = startScript('tools/bench/local-merchant.js', { BENCH_MERCHANT_PORT: String(merchantPort) });
  const summary: string[] = [];
  try {
    const merchantUrl = `http://127.0.0.1:${merchantPort}`;
    await waitForStatus(`${merchantUrl}/health`, 200, merchant, 15_000);
    for (const mode of modes) {
      const infra = mode === 'distributed' ? await startInfrastructure() : undefined;
      try {
        const target = infra ? await startDistributed(infra.infra, infra.db, profiling) : await startEmbedded(profiling);
        try {
          const user = await seedRowUser(target, await registerMerchant(target, merchantUrl), settings.rows, log);
          summary.push(...describeRowCosts(mode, settings.rows, await measureRowCosts(target, user, settings, log, profileDir !== undefined)));
        } finally {
          await target.close();
        }
      } finally {
        await infra?.db.close();
      }
    }
  } finally {
    merchant.child.kill('SIGTERM');
    await merchant.exited;
  }
  log(`row_costs (Node ${process.version}):`);
  for (const line of summary) log(line);
}
