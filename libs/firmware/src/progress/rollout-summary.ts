/**
 * The arithmetic of the rollout progress summary (docs/decisions.md F24), apart from SQL so that it can be
 * checked on its own (rollout-summary.spec.ts) and the repository only reads and writes.
 *
 * The view counts distinct devices per breakdown — all devices, each answer, each release offered, each
 * system and application version asked from — over windows ending now. A device belongs to a breakdown in a
 * window when one of its rows there was last seen in the window, that is when its latest answer there was:
 * so the summary keeps, per model, breakdown and hour, the devices whose latest answer in that breakdown falls
 * in that hour, and a window is the sum of its hours. Each device's row (rollout_device) holds the hours it is
 * counted in; every change to its rows works out its new hours and moves the device from the hours it was
 * counted in to the new ones: -1 there, +1 here. A device that asks again an hour later, or upgrades, moves;
 * it is never counted twice, and an unchanged answer written again (a retry) changes nothing.
 *
 * Recording only moves times forward (GREATEST) and adds rows, and the hour of the latest of two times is the
 * later of their hours: so a device's new hours are, per breakdown, the later of the hour it is counted in and
 * the hour of what is written — its rows need not be read. A purge takes rows away: the hours are worked out
 * again from the rows left.
 */
import type { RolloutCheck, RolloutOutcome } from './rollout-check';
import { ROLLOUT_OUTCOMES } from './rollout-check';

/** The summary's granularity: a window starts at a whole hour (countedFrom). */
export const SUMMARY_HOUR_MS = 3_600_000;

/** The breakdowns of the progress view. `devices` has the one value "" (every device that asked). */
export type SummaryDimension = 'devices' | 'outcome' | 'release' | 'system' | 'app';

/** A rollout_check row as stored: one per device, versions and answer, with the latest time it was given. */
export interface StoredCheck {
  modelId: number;
  macAddr: string;
  fromSystem: string;
  fromApp: string;
  outcome: RolloutOutcome;
  offeredReleaseId: number;
  /** Epoch ms. */
  lastSeenAt: number;
}

/** `"<dimension>:<value>"` → start of the hour (epoch ms) the device is counted in there (rollout_device.counted_in). */
export type CountedIn = Readonly<Record<string, number>>;

/** A device and the hours the summary counts it in, read under the device's lock. */
export interface CountedDevice {
  modelId: number;
  macAddr: string;
  countedIn: CountedIn;
}

/** A device, the hours the summary counts it in, and its rows, all read under the device's lock (the purge). */
export interface DeviceState extends CountedDevice {
  rows: readonly StoredCheck[];
}

/** A change to one summary row: `devices` is added (negative: devices leave that hour). */
export interface SummaryDelta {
  modelId: number;
  /** Start of the hour, epoch ms. */
  hourStart: number;
  dimension: SummaryDimension;
  value: string;
  devices: number;
}

/** What a change writes besides rollout_check: the devices' new hours, the devices left without rows, the summary's deltas. */
export interface SummaryChange {
  /** Devices whose hours changed, with their new hours. */
  devices: Array<{ modelId: number; macAddr: string; countedIn: CountedIn }>;
  /** Devices with no row left (purge): their rollout_device row goes. */
  emptied: Array<{ modelId: number; macAddr: string }>;
  /** Never a zero; at most one per summary row. */
  deltas: SummaryDelta[];
}

/** Distinct devices in the short (24 h) and the long (7 d) window. */
export interface DeviceCounts {
  last24h: number;
  last7d: number;
}

/** A model's counts, each of distinct devices (canonical MACs). */
export interface ProgressCounts {
  devices: DeviceCounts;
  byOutcome: Record<RolloutOutcome, DeviceCounts>;
  /** By release offered (release id). */
  byRelease: Map<number, DeviceCounts>;
  /** By the system and by the application version asked from (key text). */
  bySystemVersion: Map<string, DeviceCounts>;
  byAppVersion: Map<string, DeviceCounts>;
}

/** A summary breakdown added up over the two windows (RolloutCheckRepository.progress). */
export interface BreakdownCount extends DeviceCounts {
  dimension: string;
  value: string;
}

/** The start of the hour `ms` falls in. */
export function hourOf(ms: number): number {
  return Math.floor(ms / SUMMARY_HOUR_MS) * SUMMARY_HOUR_MS;
}

/**
 * Where a window starting at `since` starts counting: the first whole hour at or after it. A device is counted
 * when its latest answer is at or after that hour, so a window of 24 h counts between the last 23 and 24 hours
 * (the hour it starts in is left out rather than taken whole: every device counted did ask within the window).
 */
export function countedFrom(since: number): number {
  return Math.ceil(since / SUMMARY_HOUR_MS) * SUMMARY_HOUR_MS;
}

/** The breakdowns a row counts its device under, as `"<dimension>:<value>"`. */
export function breakdownsOf(row: StoredCheck): string[] {
  const keys = ['devices:', `outcome:${row.outcome}`, `system:${row.fromSystem}`, `app:${row.fromApp}`];
  // Like the view's releases: only an offer names a release (offered_release_id is 0 otherwise).
  if (row.outcome === 'offered') keys.push(`release:${row.offeredReleaseId}`);
  return keys;
}

/** The hours one device's rows count it in: per breakdown, the hour of its latest answer there. */
export function countedInOf(rows: readonly StoredCheck[]): CountedIn {
  const latest: Record<string, number> = {};
  for (const row of rows) {
    for (const key of breakdownsOf(row)) if (!(key in latest) || row.lastSeenAt > latest[key]) latest[key] = row.lastSeenAt;
  }
  for (const key of Object.keys(latest)) latest[key] = hourOf(latest[key]);
  return latest;
}

/** A row's identity: what rollout_check's primary key holds. */
const rowKey = (r: { modelId: number; macAddr: string; fromSystem: string; fromApp: string; outcome: string; offeredReleaseId: number }): string =>
  `${r.modelId}|${r.macAddr}|${r.fromSystem}|${r.fromApp}|${r.outcome}|${r.offeredReleaseId}`;

/** A device's identity. */
export const deviceKey = (d: { modelId: number; macAddr: string }): string => `${d.modelId}|${d.macAddr}`;

/**
 * The answers as rows to write: one per row key (two users naming one device with the same versions and
 * answer are one row), the latest time of each.
 */
export function rowsOf(checks: readonly RolloutCheck[]): StoredCheck[] {
  const rows = new Map<string, StoredCheck>();
  for (const c of checks) {
    const row: StoredCheck = { modelId: c.modelId, macAddr: c.macAddr, fromSystem: c.fromSystem, fromApp: c.fromApp, outcome: c.outcome, offeredReleaseId: c.offeredReleaseId, lastSeenAt: c.at.getTime() };
    const key = rowKey(row);
    const known = rows.get(key);
    if (!known || row.lastSeenAt > known.lastSeenAt) rows.set(key, row);
  }
  return [...rows.values()];
}

/** Adds up the devices' moves from the hours they were counted in to their new ones. */
class DeltaSum {
  private readonly sums = new Map<string, SummaryDelta>();

  move(modelId: number, from: CountedIn, to: CountedIn): void {
    for (const [key, hour] of Object.entries(from)) if (to[key] !== hour) this.add(modelId, key, hour, -1);
    for (const [key, hour] of Object.entries(to)) if (from[key] !== hour) this.add(modelId, key, hour, +1);
  }

  deltas(): SummaryDelta[] {
    return [...this.sums.values()].filter((d) => d.devices !== 0);
  }

  private add(modelId: number, key: string, hourStart: number, devices: number): void {
    const at = key.indexOf(':');
    const id = `${modelId}|${hourStart}|${key}`;
    const sum = this.sums.get(id) ?? { modelId, hourStart, dimension: key.slice(0, at) as SummaryDimension, value: key.slice(at + 1), devices: 0 };
    sum.devices += devices;
    this.sums.set(id, sum);
  }
}

const sameCounts = (a: CountedIn, b: CountedIn): boolean => Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, h]) => b[k] === h);

/** Per breakdown, the later of the two hours. */
function laterOf(a: CountedIn, b: CountedIn): CountedIn {
  const later: Record<string, number> = { ...a };
  for (const [key, hour] of Object.entries(b)) if (!(key in later) || hour > later[key]) later[key] = hour;
  return later;
}

/**
 * What recording `written` (rowsOf: one per row key) changes, given what the summary counts every device it
 * names in (read under their locks): per breakdown, the later of that hour and the written rows' (module doc).
 */
export function recordingChange(devices: readonly CountedDevice[], written: readonly StoredCheck[]): SummaryChange {
  const byDevice = new Map<string, StoredCheck[]>();
  for (const row of written) {
    const list = byDevice.get(deviceKey(row)) ?? [];
    list.push(row);
    byDevice.set(deviceKey(row), list);
  }
  return change(devices, (device) => laterOf(device.countedIn, countedInOf(byDevice.get(deviceKey(device)) ?? [])));
}

/** What purging the rows last seen before `cutoff` (epoch ms) changes for these devices (read under their locks). */
export function purgeChange(states: readonly DeviceState[], cutoff: number): SummaryChange {
  return change(states, (state) => countedInOf(state.rows.filter((r) => r.lastSeenAt >= cutoff)));
}

/** A device counted in no breakdown has no rows left: its rollout_device row goes. */
function change<D extends CountedDevice>(devices: readonly D[], countedAfter: (device: D) => CountedIn): SummaryChange {
  const sum = new DeltaSum();
  const result: SummaryChange = { devices: [], emptied: [], deltas: [] };
  for (const device of devices) {
    const countedIn = countedAfter(device);
    sum.move(device.modelId, device.countedIn, countedIn);
    if (Object.keys(countedIn).length === 0) result.emptied.push({ modelId: device.modelId, macAddr: device.macAddr });
    else if (!sameCounts(device.countedIn, countedIn)) result.devices.push({ modelId: device.modelId, macAddr: device.macAddr, countedIn });
  }
  result.deltas = sum.deltas();
  return result;
}

/** The view's counts from the summary's breakdowns added up over the windows (each listed once at most). */
export function progressCountsOf(breakdowns: readonly BreakdownCount[]): ProgressCounts {
  const none = (): DeviceCounts => ({ last24h: 0, last7d: 0 });
  const counts: ProgressCounts = {
    devices: none(),
    byOutcome: Object.fromEntries(ROLLOUT_OUTCOMES.map((o) => [o, none()])) as Record<RolloutOutcome, DeviceCounts>,
    byRelease: new Map(),
    bySystemVersion: new Map(),
    byAppVersion: new Map(),
  };
  for (const b of breakdowns) {
    // A breakdown no device is counted in over the long window is not listed (a version nobody asked from).
    if (b.last7d === 0) continue;
    const n = { last24h: b.last24h, last7d: b.last7d };
    if (b.dimension === 'devices') counts.devices = n;
    else if (b.dimension === 'outcome' && (ROLLOUT_OUTCOMES as readonly string[]).includes(b.value)) counts.byOutcome[b.value as RolloutOutcome] = n;
    else if (b.dimension === 'release') counts.byRelease.set(Number(b.value), n);
    else if (b.dimension === 'system') counts.bySystemVersion.set(b.value, n);
    else if (b.dimension === 'app') counts.byAppVersion.set(b.value, n);
  }
  return counts;
}
