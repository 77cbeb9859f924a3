/**
 * Interleaved A/B runs: for each scenario, every side (the platform, then its baselines) at saturation, round
 * after round (A B C, A B C, …), so drift of a shared machine falls on all sides alike; then the same at a
 * fixed rate below the slowest side's saturation, for latency. Each run is charged the CPU its processes used.
 */
import autocannon from 'autocannon';
import type { DeliveryFigures } from './alarm-push';
import { type ProcessGroups, cpuDelta, snapshot } from './processes';
import { describeRefusals, sumRefusals } from './report';
import { type Failures, type Scenario, checkedRequests } from './scenarios';
import type { Seed } from './seed';
import { runPaced } from './paced';
import { median, percentile } from './stats';

export interface Side {
  /** e.g. `platform`, `bare Fastify`, `Fastify + pg`. */
  name: string;
  role: 'platform' | 'bare' | 'pg' | 'ingest';
  url: string;
  seed: Seed;
  macPrefix: string;
  processes(): Promise<ProcessGroups>;
  /** The platform's admin address (the platform side only). */
  adminUrl?: string;
  /** Each process's output so far (the platform side only): warnings a scenario reports. */
  logs?(): Record<string, string>;
}

export interface RunFigures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** Refused answers by code (errorCode, or `HTTP <status>`); socket errors and timeouts are under `socket`. */
  refusals?: Record<string, number>;
  /** Fixed-rate runs: how late the generator started requests (p99, ms). */
  generatorLagMs?: number;
  /** CPU microseconds per completed request, per process group (and `bench`: this process, the load generator). */
  cpuUsPerRequest: Record<string, number>;
  /** Scenarios that set work off (alarm_push): what it came to once the run settled (`Scenario.settle`). */
  deliveries?: DeliveryFigures;
}

export interface SideResult {
  name: string;
  role: Side['role'];
  saturation: RunFigures[];
  fixedRate: RunFigures[];
  firstError?: string;
}

export interface ScenarioResult {
  scenario: string;
  title: string;
  unit?: string;
  mode: string;
  /** Requests per second of the fixed-rate runs. */
  rate: number;
  /** Where the fixed rate came from, when the scenario sets it (e.g. `1000 cameras × one segment every 4 s`). */
  rateSource?: string;
  /** Request body bytes per request (the report adds MB/s). */
  bodyBytes?: number;
  sides: SideResult[];
}

export interface RunSettings {
  seconds: number;
  rounds: number;
  connections: number;
  warmupSeconds: number;
  rateFraction: number;
  /** Upper bound of the fixed rate: the open-loop generator in this process must stay far from its own limit. */
  maxRate: number;
}

async function runOnce(side: Side, scenario: Scenario, settings: RunSettings, seconds: number, rate?: number): Promise<RunFigures & { firstError?: string }> {
  const failures: Failures = { count: 0 };
  const groups = await side.processes();
  const before = snapshot(groups);
  const selfBefore = process.cpuUsage();
  let total: number;
  let figures: Pick<RunFigures, 'rps' | 'p50' | 'p99' | 'generatorLagMs'>;
  let transportErrors: number;
  let duration: number;
  const requests = checkedRequests(scenario.requests(side.seed, side.macPrefix), failures, scenario.refusal);
  if (rate === undefined) {
    // Saturation: autocannon, closed loop, a fixed number of connections.
    const result = await autocannon({ url: side.url, connections: settings.connections, duration: seconds, timeout: 10, requests });
    total = result.requests.total;
    duration = result.duration;
    transportErrors = result.errors + result.timeouts;
    figures = { rps: total / result.duration, p50: result.latency.p50, p99: result.latency.p99 };
  } else {
    const result = await runPaced(side.url, requests, rate, seconds, scenario.pacedConnections?.(side.seed) ?? settings.connections);
    total = result.latencies.length;
    duration = result.duration;
    transportErrors = result.errors;
    figures = { rps: total / result.duration, p50: percentile(result.latencies, 50), p99: percentile(result.latencies, 99), generatorLagMs: result.lagP99 };
  }
  // What the run set off (pushes) is part of its cost: the wait for it is inside the CPU window.
  const deliveries = scenario.settle ? await scenario.settle(side.seed, duration) : undefined;
  const self = process.cpuUsage(selfBefore);
  const used = cpuDelta(groups, before, snapshot(groups));
  const perRequest = (seconds: number) => (total > 0 ? (seconds * 1e6) / total : NaN);
  const cpuUsPerRequest: Record<string, number> = {};
  for (const [name, s] of Object.entries(used)) cpuUsPerRequest[name] = perRequest(s);
  cpuUsPerRequest.bench = perRequest((self.user + self.system) / 1e6);
  const refusals = { ...(failures.byCode ?? {}) };
  if (transportErrors > 0) refusals.socket = transportErrors;
  return {
    ...figures,
    errors: failures.count + transportErrors,
    ...(Object.keys(refusals).length > 0 ? { refusals } : {}),
    cpuUsPerRequest,
    ...(deliveries ? { deliveries } : {}),
    firstError: failures.sample ?? (transportErrors > 0 ? `${transportErrors} socket errors or timeouts` : undefined),
  };
}

function describeRun(f: RunFigures): string {
  const cpu = Object.entries(f.cpuUsPerRequest)
    .filter(([, v]) => Number.isFinite(v))
    .map(([k, v]) => `${k} ${v.toFixed(0)}`)
    .join(', ');
  const lag = f.generatorLagMs === undefined ? '' : `  (generator lag p99 ${f.generatorLagMs.toFixed(1)} ms)`;
  const refused = f.refusals ? ` (${describeRefusals(f.refusals)})` : '';
  const d = f.deliveries;
  const pushes = d
    ? `\n      pushes: ${d.accepted} new messages (${d.merged} merged), ${d.received}/${d.expected} deliveries received, lost ${d.lost}, repeated ${d.duplicates}${d.late ? `, late ${d.late}` : ''}${d.unanswered ? `; ${d.unanswered} alarms cut off unanswered at the end (${d.cutOff} pushes of theirs)` : ''}${d.unmatched ? `; ${d.unmatched} pushes matching no alarm` : ''}; POST → FCM p50 ${d.p50.toFixed(1)} ms p99 ${d.p99.toFixed(1)} ms max ${d.max.toFixed(0)} ms; last push ${d.drainMs.toFixed(0)} ms after the load`
    : '';
  return `${f.rps.toFixed(0).padStart(6)} req/s  p50 ${f.p50.toFixed(1)} ms  p99 ${f.p99.toFixed(1)} ms  errors ${f.errors}${refused}${lag}  | CPU µs/req: ${cpu}${pushes}`;
}

export async function runScenario(scenario: Scenario, mode: string, sides: Side[], settings: RunSettings, log: (line: string) => void): Promise<ScenarioResult> {
  log(`\n${mode} · ${scenario.name}: ${scenario.title}`);
  const logsFrom = sides.map((s) => Object.fromEntries(Object.entries(s.logs?.() ?? {}).map(([k, v]) => [k, v.length])));
  const results: SideResult[] = sides.map((s) => ({ name: s.name, role: s.role, saturation: [], fixedRate: [] }));
  const record = (i: number, f: RunFigures & { firstError?: string }) => {
    if (f.firstError && !results[i].firstError) results[i].firstError = f.firstError;
  };
  if (settings.warmupSeconds > 0) for (const side of sides) await runOnce(side, scenario, settings, settings.warmupSeconds);
  for (let round = 1; round <= settings.rounds; round++) {
    for (const [i, side] of sides.entries()) {
      const f = await runOnce(side, scenario, settings, settings.seconds);
      results[i].saturation.push(f);
      record(i, f);
      log(`  saturation r${round} ${side.name.padEnd(14)} ${describeRun(f)}`);
    }
  }
  // Saturation is what was accepted when the scenario counts that (alarms), else every answer.
  const slowest = Math.min(...results.map((r) => median(r.saturation.map((f) => f.deliveries?.acceptedPerSecond ?? f.rps))).filter((v) => Number.isFinite(v) && v > 0));
  // A scenario's own rate (e.g. cameras × one segment every 4 s) is not capped: it is what the scenario measures.
  const own = scenario.fixedRate?.(sides[0].seed);
  const rate = own !== undefined ? Math.max(1, Math.round(own.rate)) : Math.max(1, Math.min(settings.maxRate, Math.round((Number.isFinite(slowest) ? slowest : 1) * settings.rateFraction)));
  for (let round = 1; round <= settings.rounds; round++) {
    for (const [i, side] of sides.entries()) {
      const f = await runOnce(side, scenario, settings, settings.seconds, rate);
      results[i].fixedRate.push(f);
      record(i, f);
      log(`  at ${rate} req/s r${round} ${side.name.padEnd(14)} ${describeRun(f)}`);
    }
  }
  for (const r of results) if (r.firstError) log(`  ${r.name}: first error: ${r.firstError}`);
  for (const [i, side] of sides.entries()) await scenario.summary?.(side, logsFrom[i], log);
  for (const r of results) {
    const refused = sumRefusals([...r.saturation, ...r.fixedRate]);
    if (Object.keys(refused).length > 0) log(`  ${r.name}: refusals by code (all runs): ${describeRefusals(refused)}`);
  }
  return {
    scenario: scenario.name,
    title: scenario.title,
    unit: scenario.unit,
    mode,
    rate,
    ...(own !== undefined ? { rateSource: own.why } : {}),
    ...(scenario.bodyBytes ? { bodyBytes: scenario.bodyBytes() } : {}),
    sides: results,
  };
}
