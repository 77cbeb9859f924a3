import type { RolloutCheck, RolloutOutcome } from './rollout-check';
import {
  type CountedIn,
  type DeviceState,
  type StoredCheck,
  type SummaryChange,
  SUMMARY_HOUR_MS,
  breakdownsOf,
  countedFrom,
  countedInOf,
  deviceKey,
  hourOf,
  progressCountsOf,
  purgeChange,
  recordingChange,
  rowsOf,
} from './rollout-summary';

const H = SUMMARY_HOUR_MS;
/** A whole hour. */
const T0 = Date.parse('2026-11-24T10:00:00Z');

function check(overrides: Partial<RolloutCheck> & { atMs?: number } = {}): RolloutCheck {
  const { atMs = T0, ...rest } = overrides;
  return { modelId: 1, macAddr: 'AABBCCDDEEFF', userId: 1, fromSystem: '1.0.0.0', fromApp: '1.0.0.0', outcome: 'offered', offeredReleaseId: 7, at: new Date(atMs), ...rest };
}

function row(overrides: Partial<StoredCheck> = {}): StoredCheck {
  return { modelId: 1, macAddr: 'AABBCCDDEEFF', fromSystem: '1.0.0.0', fromApp: '1.0.0.0', outcome: 'offered', offeredReleaseId: 7, lastSeenAt: T0, ...overrides };
}

/** rollout_check's upsert: a written row only moves its time forward (GREATEST). */
function withWritten(rows: readonly StoredCheck[], written: readonly StoredCheck[]): StoredCheck[] {
  const key = (r: StoredCheck) => `${r.fromSystem}|${r.fromApp}|${r.outcome}|${r.offeredReleaseId}`;
  const merged = new Map(rows.map((r) => [key(r), r]));
  for (const w of written) {
    const known = merged.get(key(w));
    if (!known || w.lastSeenAt > known.lastSeenAt) merged.set(key(w), w);
  }
  return [...merged.values()];
}

/** What the database holds, kept as the repository's transactions keep it: rows, each device's hours, the summary. */
class Store {
  readonly rows = new Map<string, StoredCheck[]>();
  readonly countedIn = new Map<string, CountedIn>();
  readonly summary = new Map<string, number>();

  states(devices: Iterable<{ modelId: number; macAddr: string }>): DeviceState[] {
    return [...devices].map((d) => ({ modelId: d.modelId, macAddr: d.macAddr, countedIn: this.countedIn.get(deviceKey(d)) ?? {}, rows: this.rows.get(deviceKey(d)) ?? [] }));
  }

  record(checks: RolloutCheck[]): SummaryChange {
    const written = rowsOf(checks);
    const devices = new Map(written.map((r) => [deviceKey(r), r]));
    const change = recordingChange(this.states(devices.values()), written);
    for (const [key, d] of devices) this.rows.set(key, withWritten(this.rows.get(key) ?? [], written.filter((r) => deviceKey(r) === deviceKey(d))));
    this.apply(change);
    return change;
  }

  purge(cutoff: number): SummaryChange {
    const devices = [...this.rows.values()].filter((rows) => rows.some((r) => r.lastSeenAt < cutoff)).map((rows) => rows[0]);
    const change = purgeChange(this.states(devices), cutoff);
    for (const d of devices) {
      const left = (this.rows.get(deviceKey(d)) ?? []).filter((r) => r.lastSeenAt >= cutoff);
      if (left.length > 0) this.rows.set(deviceKey(d), left);
      else this.rows.delete(deviceKey(d));
    }
    this.apply(change);
    return change;
  }

  /** Devices per model and breakdown (`<model>|<dimension>:<value>`) counted from `from` (a whole hour) on, from the summary. */
  fromSummary(from: number): Map<string, number> {
    const counts = new Map<string, number>();
    for (const [key, n] of this.summary) {
      const [model, hour, breakdown] = key.split('|');
      if (Number(hour) >= from) counts.set(`${model}|${breakdown}`, (counts.get(`${model}|${breakdown}`) ?? 0) + n);
    }
    for (const [k, n] of counts) if (n === 0) counts.delete(k);
    return counts;
  }

  /** The same straight from the rows: distinct devices with a row of the breakdown last seen at or after `from`. */
  fromRows(from: number): Map<string, number> {
    const devices = new Map<string, Set<string>>();
    for (const rows of this.rows.values()) {
      for (const r of rows) {
        if (r.lastSeenAt < from) continue;
        for (const b of breakdownsOf(r)) devices.set(`${r.modelId}|${b}`, (devices.get(`${r.modelId}|${b}`) ?? new Set()).add(r.macAddr));
      }
    }
    return new Map([...devices].map(([b, set]) => [b, set.size]));
  }

  private apply(change: SummaryChange): void {
    for (const d of change.devices) this.countedIn.set(deviceKey(d), d.countedIn);
    for (const d of change.emptied) this.countedIn.delete(deviceKey(d));
    for (const delta of change.deltas) {
      const key = `${delta.modelId}|${delta.hourStart}|${delta.dimension}:${delta.value}`;
      this.summary.set(key, (this.summary.get(key) ?? 0) + delta.devices);
      expect(this.summary.get(key)).toBeGreaterThanOrEqual(0);
    }
  }
}

const deltasOf = (change: SummaryChange) =>
  change.deltas.map((d) => `${d.dimension}:${d.value}@${(d.hourStart - T0) / H}h ${d.devices > 0 ? '+' : ''}${d.devices}`).sort();

describe('rollout progress summary (F24)', () => {
  it('hours: a time counts in the hour it falls in; a window counts from the first whole hour at or after its start', () => {
    expect(hourOf(T0)).toBe(T0);
    expect(hourOf(T0 + H - 1)).toBe(T0);
    expect(hourOf(T0 - 1)).toBe(T0 - H);
    expect(countedFrom(T0)).toBe(T0);
    expect(countedFrom(T0 + 1)).toBe(T0 + H);
    expect(countedFrom(T0 - H + 1)).toBe(T0);
  });

  it('a row counts its device under all devices, its answer, both versions asked from, and the release only when one was offered', () => {
    expect(breakdownsOf(row())).toEqual(['devices:', 'outcome:offered', 'system:1.0.0.0', 'app:1.0.0.0', 'release:7']);
    expect(breakdownsOf(row({ outcome: 'not_rolled_out', offeredReleaseId: 0, fromApp: '3.1.0.2' }))).toEqual(['devices:', 'outcome:not_rolled_out', 'system:1.0.0.0', 'app:3.1.0.2']);
  });

  it('a device is counted in each breakdown at the hour of its latest answer there', () => {
    const rows = [row({ lastSeenAt: T0 + 10 }), row({ fromSystem: '2.0.0.0', outcome: 'up_to_date', offeredReleaseId: 0, lastSeenAt: T0 + 2 * H + 5 }), row({ outcome: 'not_rolled_out', offeredReleaseId: 0, lastSeenAt: T0 - 3 * H })];
    expect(countedInOf(rows)).toEqual({
      'devices:': T0 + 2 * H,
      'outcome:offered': T0,
      'outcome:up_to_date': T0 + 2 * H,
      'outcome:not_rolled_out': T0 - 3 * H,
      'system:1.0.0.0': T0,
      'system:2.0.0.0': T0 + 2 * H,
      'app:1.0.0.0': T0 + 2 * H,
      'release:7': T0,
    });
    expect(countedInOf([])).toEqual({});
  });

  it('a new device adds one in each of its breakdowns at its hour', () => {
    const store = new Store();
    const change = store.record([check({ atMs: T0 + 60_000 })]);
    expect(deltasOf(change)).toEqual(['app:1.0.0.0@0h +1', 'devices:@0h +1', 'outcome:offered@0h +1', 'release:7@0h +1', 'system:1.0.0.0@0h +1']);
    expect(change.devices).toEqual([{ modelId: 1, macAddr: 'AABBCCDDEEFF', countedIn: countedInOf(rowsOf([check({ atMs: T0 + 60_000 })])) }]);
    expect(change.emptied).toEqual([]);
  });

  it('the same answer again within the hour changes nothing; an hour later the device moves to the later hour, never counted twice', () => {
    const store = new Store();
    store.record([check()]);
    const again = store.record([check({ atMs: T0 + 30 * 60_000 })]);
    expect(again.deltas).toEqual([]);
    expect(again.devices).toEqual([]);
    const later = store.record([check({ atMs: T0 + H + 1 })]);
    expect(deltasOf(later)).toEqual([
      'app:1.0.0.0@0h -1',
      'app:1.0.0.0@1h +1',
      'devices:@0h -1',
      'devices:@1h +1',
      'outcome:offered@0h -1',
      'outcome:offered@1h +1',
      'release:7@0h -1',
      'release:7@1h +1',
      'system:1.0.0.0@0h -1',
      'system:1.0.0.0@1h +1',
    ]);
    expect(store.fromSummary(T0)).toEqual(store.fromRows(T0));
    expect(store.fromSummary(T0).get('1|devices:')).toBe(1);
  });

  it('a device that upgrades moves in what it left (all devices, its application version) and joins its new version and answer; the old ones keep it', () => {
    const store = new Store();
    store.record([check()]);
    const upgraded = store.record([check({ fromSystem: '2.0.0.0', outcome: 'up_to_date', offeredReleaseId: 0, atMs: T0 + 2 * H })]);
    expect(deltasOf(upgraded)).toEqual(['app:1.0.0.0@0h -1', 'app:1.0.0.0@2h +1', 'devices:@0h -1', 'devices:@2h +1', 'outcome:up_to_date@2h +1', 'system:2.0.0.0@2h +1']);
    // Within a window reaching both answers, the device counts under both versions and answers, once in all.
    expect(Object.fromEntries(store.fromSummary(T0))).toEqual({
      '1|devices:': 1,
      '1|app:1.0.0.0': 1,
      '1|system:1.0.0.0': 1,
      '1|system:2.0.0.0': 1,
      '1|outcome:offered': 1,
      '1|outcome:up_to_date': 1,
      '1|release:7': 1,
    });
    // A window from the upgrade's hour on: only what it asked since.
    expect(Object.fromEntries(store.fromSummary(T0 + 2 * H))).toEqual({ '1|devices:': 1, '1|app:1.0.0.0': 1, '1|system:2.0.0.0': 1, '1|outcome:up_to_date': 1 });
  });

  it('an answer committed late with an earlier time moves nothing back; a batch written twice (a retry) changes nothing the second time', () => {
    const store = new Store();
    store.record([check({ atMs: T0 + 3 * H })]);
    expect(store.record([check({ atMs: T0 })]).deltas).toEqual([]);
    const batch = [check({ macAddr: '001122334455', atMs: T0 + H }), check({ macAddr: '001122334456', outcome: 'refused', offeredReleaseId: 0, atMs: T0 + 2 * H })];
    expect(store.record(batch).deltas.length).toBeGreaterThan(0);
    expect(store.record(batch)).toEqual({ devices: [], emptied: [], deltas: [] });
  });

  it('one row per row key: two users naming one device with the same answer are one row, at the later time', () => {
    expect(rowsOf([check({ userId: 1, atMs: T0 + 5 }), check({ userId: 2, atMs: T0 + 9 }), check({ userId: 3, atMs: T0 + 1 })])).toEqual([row({ lastSeenAt: T0 + 9 })]);
  });

  it('adds up the moves of a batch per summary row and leaves out what cancels out', () => {
    const store = new Store();
    store.record([check({ macAddr: '000000000001' })]);
    // Device 1 leaves hour 0 for hour 1 while device 2 arrives in hour 0: hour 0 keeps its count.
    const change = store.record([check({ macAddr: '000000000001', atMs: T0 + H }), check({ macAddr: '000000000002' }), check({ macAddr: '000000000003', atMs: T0 + H + 7 })]);
    expect(deltasOf(change)).toEqual(['app:1.0.0.0@1h +2', 'devices:@1h +2', 'outcome:offered@1h +2', 'release:7@1h +2', 'system:1.0.0.0@1h +2']);
  });

  it('the purge takes a device out of the breakdowns whose rows all went, keeps it where rows are left, and drops a device left with none', () => {
    const store = new Store();
    store.record([check({ macAddr: '000000000001' }), check({ macAddr: '000000000002' })]);
    store.record([check({ macAddr: '000000000001', fromSystem: '2.0.0.0', outcome: 'up_to_date', offeredReleaseId: 0, atMs: T0 + 5 * H })]);
    const change = store.purge(T0 + H);
    expect(deltasOf(change)).toEqual([
      // Device 2 entirely.
      'app:1.0.0.0@0h -1',
      'devices:@0h -1',
      'outcome:offered@0h -2',
      'release:7@0h -2',
      'system:1.0.0.0@0h -2',
    ]);
    expect(change.emptied).toEqual([{ modelId: 1, macAddr: '000000000002' }]);
    expect(change.devices).toEqual([
      { modelId: 1, macAddr: '000000000001', countedIn: { 'devices:': T0 + 5 * H, 'outcome:up_to_date': T0 + 5 * H, 'system:2.0.0.0': T0 + 5 * H, 'app:1.0.0.0': T0 + 5 * H } },
    ]);
    expect(store.fromSummary(0)).toEqual(store.fromRows(0));
  });

  it('models are kept apart', () => {
    const store = new Store();
    const change = store.record([check({ modelId: 1 }), check({ modelId: 2 })]);
    expect(change.deltas.filter((d) => d.dimension === 'devices')).toEqual([
      { modelId: 1, hourStart: T0, dimension: 'devices', value: '', devices: 1 },
      { modelId: 2, hourStart: T0, dimension: 'devices', value: '', devices: 1 },
    ]);
  });

  it('randomized answers, repeats, late commits and purges: the summary counts what the rows count, from every whole hour', () => {
    // A small deterministic generator (mulberry32): a failure names its seed and replays.
    for (const seed of [1, 2, 3, 4, 5]) {
      let state = seed;
      const random = (): number => {
        state = (state + 0x6d2b79f5) | 0;
        let t = Math.imul(state ^ (state >>> 15), 1 | state);
        t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
        return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
      };
      const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
      const outcomes: RolloutOutcome[] = ['offered', 'up_to_date', 'not_rolled_out', 'refused'];
      const store = new Store();
      let now = T0;
      for (let round = 0; round < 60; round++) {
        now += Math.floor(random() * 3 * H);
        const batch = Array.from({ length: 1 + Math.floor(random() * 8) }, () => {
          const outcome = pick(outcomes);
          return check({
            modelId: pick([1, 2]),
            macAddr: `00000000000${pick(['1', '2', '3', '4', '5', '6'])}`,
            fromSystem: pick(['1.0.0.0', '2.0.0.0', '10.0.0.0']),
            fromApp: pick(['1.0.0.0', '1.1.0.0']),
            outcome,
            offeredReleaseId: outcome === 'offered' ? pick([7, 8]) : 0,
            // Some answers committed late, up to two hours back.
            atMs: now - Math.floor(random() * 2 * H),
          });
        });
        store.record(batch);
        if (round % 10 === 9) store.purge(now - Math.floor(random() * 24 * H));
        const from = hourOf(now) - Math.floor(random() * 30) * H;
        expect({ seed, round, counts: store.fromSummary(from) }).toEqual({ seed, round, counts: store.fromRows(from) });
      }
    }
  });

  it('maps the summary to the view: breakdowns by dimension, versions and releases nobody counts over 7 days left out', () => {
    const n = (last24h: number, last7d: number) => ({ last24h, last7d });
    const counts = progressCountsOf([
      { dimension: 'devices', value: '', ...n(3, 9) },
      { dimension: 'outcome', value: 'offered', ...n(1, 4) },
      { dimension: 'outcome', value: 'refused', ...n(0, 2) },
      { dimension: 'release', value: '17', ...n(1, 4) },
      { dimension: 'system', value: '1.0.0.0', ...n(2, 8) },
      { dimension: 'system', value: '2.0.0.0', ...n(0, 0) },
      { dimension: 'app', value: '3.0.0.0', ...n(3, 9) },
    ]);
    expect(counts).toEqual({
      devices: n(3, 9),
      byOutcome: { offered: n(1, 4), up_to_date: n(0, 0), not_rolled_out: n(0, 0), refused: n(0, 2) },
      byRelease: new Map([[17, n(1, 4)]]),
      bySystemVersion: new Map([['1.0.0.0', n(2, 8)]]),
      byAppVersion: new Map([['3.0.0.0', n(3, 9)]]),
    });
  });
});
