import fc from 'fast-check';
import { groupClips } from './clips';
import { type ClipRow, type RunSegment, compareSegments, foldBlocks, foldRuns, refoldWindow, segmentHours } from './clip-runs';

const seg = (id: string, start: number, seconds: number, type = 1): RunSegment => ({ id, start, durationMs: Math.round(seconds * 1000), type });

/** groupClips' clips as stored rows (what FootageIndex keeps). */
function reference(segments: readonly RunSegment[]): ClipRow[] {
  // groupClips sorts by start and duration, stably: ids in order first, as the repository reads them.
  const byId = [...segments].sort((a, b) => a.start - b.start || (a.id < b.id ? -1 : 1));
  return groupClips(byId).map((c) => ({
    start: c.start,
    firstDurationMs: c.segments[0].durationMs,
    firstSegmentId: c.segments[0].id,
    lastStart: c.segments.at(-1)!.start,
    endMs: c.endMs,
    type: c.type,
  }));
}

/** Segments of one device: unique (start, type), durations up to 600 s, a few types, often overlapping. */
const segmentsArb = fc
  .array(fc.record({ start: fc.integer({ min: 0, max: 3000 }), durationMs: fc.integer({ min: 1, max: 30_000 }), type: fc.integer({ min: 0, max: 2 }), long: fc.boolean() }), { maxLength: 60 })
  .map((raw) => {
    const seen = new Set<string>();
    const out: RunSegment[] = [];
    raw.forEach((r, i) => {
      if (seen.has(`${r.start}/${r.type}`)) return;
      seen.add(`${r.start}/${r.type}`);
      out.push({ id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, start: r.start, durationMs: r.long ? r.durationMs * 20 : r.durationMs, type: r.type });
    });
    return out;
  });

describe('foldRuns (the clip index, CS20)', () => {
  it('over all segments in segment order, the clips groupClips makes: first segment, last start, latest end, type', () => {
    fc.assert(
      fc.property(segmentsArb, (segments) => {
        expect(foldRuns(undefined, [...segments].sort(compareSegments))).toEqual(reference(segments));
      }),
      { numRuns: 500 },
    );
  });

  it('folded in pieces, each piece continuing the last run of the one before (carry), the same runs', () => {
    fc.assert(
      fc.property(segmentsArb, fc.nat(), fc.nat(), (segments, a, b) => {
        const sorted = [...segments].sort(compareSegments);
        const [i, j] = [a % (sorted.length + 1), b % (sorted.length + 1)].sort((x, y) => x - y);
        const whole = foldRuns(undefined, sorted);
        const prefix = foldRuns(undefined, sorted.slice(0, i));
        const carry = prefix.pop();
        const middle = foldRuns(carry, sorted.slice(i, j));
        const rest = foldRuns(middle.at(-1), sorted.slice(j));
        expect([...prefix, ...middle.slice(0, -1), ...rest]).toEqual(whole);
      }),
      { numRuns: 500 },
    );
  });

  it('merges by the run latest end, not the last segment: a long segment bridges a later gap', () => {
    const runs = foldRuns(undefined, [seg('a', 100, 30), seg('b', 105, 1), seg('c', 120, 5)]);
    expect(runs).toEqual([{ start: 100, firstDurationMs: 30_000, firstSegmentId: 'a', lastStart: 120, endMs: 130_000, type: 1 }]);
  });

  it('another type in between splits a run, and the split halves do not inherit the earlier end', () => {
    const runs = foldRuns(undefined, [seg('a', 100, 30), seg('x', 104, 1, 2), seg('b', 105, 1), seg('c', 120, 5)]);
    expect(runs.map((r) => [r.start, r.endMs, r.type])).toEqual([
      [100, 130_000, 1],
      [104, 105_000, 2],
      [105, 106_000, 1],
      [120, 125_000, 1],
    ]);
  });

  it('a tail without a run to continue means the stored clips contradict the segments', () => {
    expect(() => foldRuns(undefined, [], { lastStart: 10, endMs: 11_000 })).toThrow('no run reaches it');
  });
});

describe('refoldWindow', () => {
  it('refolds from the first change to past where a change can still move a clip boundary', () => {
    expect(refoldWindow(1000, 1010)).toEqual({ from: 1000, to: 1010 + 600 + 1 + 1 + 600 + 1, lookbackFrom: 1000 - 600 - 1 - 1 });
  });

  it('a change inside a window leaves the clips outside it as they were (refolding the window = folding everything)', () => {
    fc.assert(
      fc.property(segmentsArb, segmentsArb, (before, extra) => {
        // Remove some and add others: the changed starts bound the window.
        const removed = before.filter((_, i) => i % 3 === 0);
        const taken = new Set(before.map((s) => `${s.start}/${s.type}`));
        const added = extra.filter((s) => !taken.has(`${s.start}/${s.type}`)).map((s) => ({ ...s, id: s.id.replace('4000', '4001') }));
        const after = [...before.filter((s) => !removed.includes(s)), ...added];
        const changed = [...removed, ...added].map((s) => s.start);
        if (changed.length === 0) return;
        const w = refoldWindow(Math.min(...changed), Math.max(...changed));
        const old = foldRuns(undefined, [...before].sort(compareSegments));
        const whole = foldRuns(undefined, [...after].sort(compareSegments));
        // The stored clip before the window, up to the window (its later segments are refolded).
        const left = old.filter((c) => c.start < w.from).at(-1);
        const inWindow = old.filter((c) => c.start >= w.from && c.start <= w.to);
        const prefixOfLeft = left && after.filter((s) => s.type === left.type && s.start >= left.start && s.start < w.from && s.start >= w.lookbackFrom);
        const carry =
          left && (left.lastStart < w.from ? left : { ...left, lastStart: Math.max(...prefixOfLeft!.map((s) => s.start)), endMs: Math.max(...prefixOfLeft!.map((s) => s.start * 1000 + s.durationMs)) });
        const lastOld = inWindow.at(-1) ?? left;
        const tail = lastOld && lastOld.lastStart > w.to ? { lastStart: lastOld.lastStart, endMs: lastOld.endMs } : undefined;
        const runs = foldRuns(carry, after.filter((s) => s.start >= w.from && s.start <= w.to).sort(compareSegments), tail);
        const untouched = old.filter((c) => c !== left && !inWindow.includes(c));
        expect([...untouched, ...runs].sort((a, b) => a.start - b.start || a.firstDurationMs - b.firstDurationMs || (a.firstSegmentId < b.firstSegmentId ? -1 : 1))).toEqual(whole);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('foldBlocks (record.query from stored clips)', () => {
  it('merges neighbouring blocks of one type within the tolerance, keeps others apart', () => {
    expect(
      foldBlocks([
        { start: 100, endMs: 110_000, type: 1 },
        { start: 111, endMs: 120_000, type: 1 },
        { start: 120, endMs: 130_000, type: 2 },
        { start: 140, endMs: 150_000, type: 2 },
      ]),
    ).toEqual([
      { start: 100, endMs: 120_000, type: 1 },
      { start: 120, endMs: 130_000, type: 2 },
      { start: 140, endMs: 150_000, type: 2 },
    ]);
  });
});

describe('segmentHours (record.date.query)', () => {
  it('from the start hour to the hour of the last millisecond: ending exactly on the hour does not touch the next', () => {
    expect(segmentHours(3600 * 5 + 10, 4000)).toEqual([5, 5]);
    expect(segmentHours(3600 * 6 - 4, 4000)).toEqual([5, 5]);
    expect(segmentHours(3600 * 6 - 4, 4001)).toEqual([5, 6]);
  });
});
