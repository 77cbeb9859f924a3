/**
 * The figures as Markdown: printed, and written into docs/benchmarks.md between the markers
 * `<!-- bench:begin -->` and `<!-- bench:end -->` only — the hand-written intro and profile sections around
 * them stay as they are. Pure except `writeReport`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { PropagationResult } from './propagation';
import type { RunFigures, ScenarioResult, SideResult } from './runner';
import { median, percentile, range, ratio } from './stats';

export const BEGIN_MARKER = '<!-- bench:begin -->';
export const END_MARKER = '<!-- bench:end -->';

export interface ReportMeta {
  date: string;
  cpu: string;
  cores: number;
  node: string;
  settings: string;
}

const fmt = (v: number, digits = 0) => (Number.isFinite(v) ? v.toFixed(digits) : '–');
const ms = (v: number) => (Number.isFinite(v) ? (v < 10 ? v.toFixed(1) : v.toFixed(0)) : '–');

/** `median (min–max)` of one figure over the rounds. */
export function spread(values: number[], show: (v: number) => string = (v) => fmt(v)): string {
  const r = range(values);
  return `${show(median(values))} (${show(r.min)}–${show(r.max)})`;
}

/** Median CPU µs per request of each process group, largest first; `bench` (the load generator) apart. */
export function cpuBreakdown(runs: RunFigures[]): string {
  const names = [...new Set(runs.flatMap((r) => Object.keys(r.cpuUsPerRequest)))].filter((n) => n !== 'bench');
  const per = names.map((n) => [n, median(runs.map((r) => r.cpuUsPerRequest[n] ?? NaN))] as const).filter(([, v]) => Number.isFinite(v));
  if (per.length === 0) return '–';
  const total = per.reduce((s, [, v]) => s + v, 0);
  const parts = per.length > 1 ? ` (${[...per].sort((a, b) => b[1] - a[1]).map(([n, v]) => `${n} ${fmt(v)}`).join(', ')})` : '';
  return `${fmt(total)}${parts}`;
}

function sideRow(s: SideResult): string {
  const sat = s.saturation;
  const fixed = s.fixedRate;
  const errors = [...sat, ...fixed].reduce((n, f) => n + f.errors, 0);
  return `| ${s.name} | ${spread(sat.map((f) => f.rps))} | ${ms(median(sat.map((f) => f.p99)))} | ${ms(median(fixed.map((f) => f.p50)))} | ${spread(fixed.map((f) => f.p99), ms)} | ${errors} | ${cpuBreakdown(sat)} |`;
}

/** Platform ÷ each baseline: throughput at saturation and p99 at the fixed rate, from the medians. */
export function ratios(result: ScenarioResult): { baseline: string; throughput: number; p99: number }[] {
  const platform = result.sides.find((s) => s.role === 'platform');
  if (!platform) return [];
  const m = (s: SideResult, pick: (f: RunFigures) => number, runs: 'saturation' | 'fixedRate') => median(s[runs].map(pick));
  return result.sides
    .filter((s) => s.role !== 'platform')
    .map((b) => ({
      baseline: b.name,
      throughput: ratio(m(platform, (f) => f.rps, 'saturation'), m(b, (f) => f.rps, 'saturation')),
      p99: ratio(m(platform, (f) => f.p99, 'fixedRate'), m(b, (f) => f.p99, 'fixedRate')),
    }));
}

/** `CR0429 12, HTTP 503 1`: counts by code, largest first. */
export function describeRefusals(byCode: Record<string, number>): string {
  return Object.entries(byCode)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([code, n]) => `${code} ${n}`)
    .join(', ');
}

/** The refusals of several runs added up by code. */
export function sumRefusals(runs: readonly RunFigures[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of runs) for (const [code, n] of Object.entries(r.refusals ?? {})) out[code] = (out[code] ?? 0) + n;
  return out;
}

/** Request body MB/s (10^6 bytes) at saturation per side, from the median req/s; none when the scenario has no bodies. */
export function megabytesPerSecond(result: ScenarioResult): { side: string; mbps: number }[] {
  if (!result.bodyBytes) return [];
  const bytes = result.bodyBytes;
  return result.sides.map((s) => ({ side: s.name, mbps: (median(s.saturation.map((f) => f.rps)) * bytes) / 1e6 }));
}

/** Refusals by code of each side that had any, saturation and fixed rate apart. */
export function refusalLines(result: ScenarioResult): string[] {
  const lines: string[] = [];
  for (const s of result.sides) {
    const parts = (['saturation', 'fixedRate'] as const)
      .map((runs) => [runs === 'saturation' ? 'at saturation' : 'at the fixed rate', sumRefusals(s[runs])] as const)
      .filter(([, byCode]) => Object.keys(byCode).length > 0)
      .map(([where, byCode]) => `${where} ${describeRefusals(byCode)}`);
    if (parts.length > 0) lines.push(`- ${s.name} refused, by code (all rounds): ${parts.join('; ')}`);
  }
  return lines;
}

/** Deliveries of all runs of a side added up (runs that set none off are left out). */
export function sumDeliveries(runs: readonly RunFigures[]): Omit<NonNullable<RunFigures['deliveries']>, 'acceptedPerSecond' | 'p50' | 'p99' | 'max' | 'drainMs'> {
  const total = { accepted: 0, merged: 0, expected: 0, received: 0, lost: 0, duplicates: 0, late: 0, unanswered: 0, cutOff: 0, unmatched: 0 };
  for (const r of runs) {
    const d = r.deliveries;
    if (!d) continue;
    for (const k of Object.keys(total) as (keyof typeof total)[]) total[k] += d[k];
  }
  return total;
}

/**
 * The pushes of a scenario that sets them off (alarm_push), one row per side: accepted alarms/s at saturation;
 * POST → receiver per delivery at saturation (a backlog included) and at the fixed rate, medians over the rounds;
 * deliveries over all rounds. Empty when no run has deliveries.
 */
export function renderDeliveries(result: ScenarioResult): string[] {
  const sides = result.sides.filter((s) => [...s.saturation, ...s.fixedRate].some((f) => f.deliveries));
  if (sides.length === 0) return [];
  const lines = [
    `POST → FCM: from the camera's POST (at the fixed rate its scheduled time) to the FCM server receiving the push, per delivery; every run waits for all of its deliveries before the next starts.`,
    '',
    '| side | accepted alarms/s at saturation, median (min–max) | POST → FCM p50 / p99 ms at saturation (backlog included) | POST → FCM p50 ms at fixed rate | POST → FCM p99 ms at fixed rate, median (min–max) | deliveries expected | received | lost | repeated | merged alarms | last push after a saturation run ends, ms (max) |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const s of sides) {
    const d = (runs: RunFigures[], pick: (x: NonNullable<RunFigures['deliveries']>) => number) => runs.flatMap((f) => (f.deliveries ? [pick(f.deliveries)] : []));
    const sum = sumDeliveries([...s.saturation, ...s.fixedRate]);
    lines.push(
      `| ${s.name} | ${spread(d(s.saturation, (x) => x.acceptedPerSecond))} | ${ms(median(d(s.saturation, (x) => x.p50)))} / ${ms(median(d(s.saturation, (x) => x.p99)))} | ${ms(median(d(s.fixedRate, (x) => x.p50)))} | ${spread(d(s.fixedRate, (x) => x.p99), ms)} | ${sum.expected} | ${sum.received} | ${sum.lost} | ${sum.duplicates} | ${sum.merged} | ${fmt(Math.max(...d(s.saturation, (x) => x.drainMs)))} |`,
    );
  }
  lines.push('');
  for (const s of sides) {
    const sum = sumDeliveries([...s.saturation, ...s.fixedRate]);
    if (sum.unanswered > 0 || sum.cutOff > 0) {
      lines.push(`- ${s.name}: ${sum.unanswered} alarms were in flight when a saturation run ended (autocannon drops their answers; the platform may have accepted them); ${sum.cutOff} pushes of alarms cut off so (the warm-up's included) arrived, matched by devId and type; not measured`);
    }
    if (sum.late > 0 || sum.unmatched > 0) lines.push(`- ${s.name}: ${sum.late} pushes arrived after their run had stopped waiting, ${sum.unmatched} matched no alarm sent`);
  }
  return lines;
}

export function renderScenario(result: ScenarioResult): string[] {
  const lines = [
    `#### ${result.mode} · \`${result.scenario}\``,
    '',
    `${result.title}. Fixed rate: ${result.rate} req/s${result.rateSource ? ` (${result.rateSource})` : ''}${result.unit ? `; figures count ${result.unit}` : ''}.`,
    '',
    '| side | req/s at saturation, median (min–max) | p99 ms at saturation | p50 ms at fixed rate | p99 ms at fixed rate, median (min–max) | errors | CPU µs per request (per process) |',
    '|---|---|---|---|---|---|---|',
    ...result.sides.map(sideRow),
    '',
    ...renderDeliveries(result),
  ];
  for (const r of ratios(result)) lines.push(`- platform ÷ ${r.baseline}: throughput **${fmt(r.throughput, 2)}×**, p99 at fixed rate **${fmt(r.p99, 2)}×**`);
  const mbps = megabytesPerSecond(result);
  if (mbps.length > 0) lines.push(`- request bodies at saturation, median: ${mbps.map((m) => `${m.side} ${fmt(m.mbps, 1)} MB/s`).join(', ')} (${fmt((result.bodyBytes ?? 0) / 1000)} kB a request)`);
  lines.push(...refusalLines(result));
  const bench = median(result.sides.flatMap((s) => s.saturation.map((f) => f.cpuUsPerRequest.bench ?? NaN)));
  lines.push(`- the load generator (autocannon in the bench process) spent ${fmt(bench)} µs per request at saturation (median over all sides)`);
  const lag = Math.max(...result.sides.flatMap((s) => s.fixedRate.map((f) => f.generatorLagMs ?? 0)));
  if (lag > 5) lines.push(`- the fixed-rate generator started requests up to ${fmt(lag)} ms late (p99 of the worst run): the bench process was short of CPU, so these latencies are partly its own`);
  lines.push('');
  return lines;
}

export function renderPropagation(results: PropagationResult[]): string[] {
  if (results.length === 0) return [];
  const lines = [
    '#### distributed · deletion propagation',
    '',
    'From the DELETE user callback\'s HTTP 200 to both consumers\' effects committed (device-service unbinds the user\'s devices, permission-service revokes its grants).',
    '',
    '| phase | deletions | p50 ms | p99 ms | max ms | device-service p99 ms | permission-service p99 ms | not seen | background load |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of results) {
    const both = r.samples.map((s) => s.both);
    lines.push(
      `| ${r.phase} | ${r.samples.length} | ${ms(percentile(both, 50))} | ${ms(percentile(both, 99))} | ${ms(Math.max(...both))} | ${ms(percentile(r.samples.map((s) => s.device), 99))} | ${ms(percentile(r.samples.map((s) => s.permission), 99))} | ${r.missing} | ${r.load ?? '–'} |`,
    );
  }
  lines.push('');
  return lines;
}

export function renderReport(meta: ReportMeta, results: ScenarioResult[], propagation: PropagationResult[]): string {
  return [
    `### Latest run: ${meta.date}`,
    '',
    `Machine: ${meta.cores} cores, ${meta.cpu}; Node ${meta.node}. Settings: ${meta.settings}.`,
    '',
    ...results.flatMap(renderScenario),
    ...renderPropagation(propagation),
  ].join('\n');
}

/** `doc` with the text between the markers replaced by `generated`; the markers are appended when absent. */
export function replaceBetweenMarkers(doc: string, generated: string): string {
  const begin = doc.indexOf(BEGIN_MARKER);
  const end = doc.indexOf(END_MARKER, begin + BEGIN_MARKER.length);
  const block = `${BEGIN_MARKER}\n${generated.trimEnd()}\n${END_MARKER}`;
  if (begin === -1 || end === -1) return `${doc.trimEnd()}\n\n${block}\n`;
  return doc.slice(0, begin) + block + doc.slice(end + END_MARKER.length);
}

export function writeReport(path: string, generated: string): void {
  let doc = '';
  try {
    doc = readFileSync(path, 'utf8');
  } catch {
    doc = '# Benchmarks\n';
  }
  writeFileSync(path, replaceBetweenMarkers(doc, generated));
}
