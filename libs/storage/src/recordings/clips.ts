/**
 * Spec 2.8 recordings as clients see them: record.query's recordList (clips: runs of adjacent segments of
 * one event type) and record.date.query's dateList (the UTC hours that have recordings).
 */
import { STORAGE_LIMITS } from '@dcp/contracts';
import { type Segment, segmentEndMs } from './segment';

export type SegmentSpan = Pick<Segment, 'start' | 'durationMs' | 'type'>;

export interface Clip<S extends SegmentSpan = SegmentSpan> {
  /** Epoch seconds of the first segment's start. */
  start: number;
  /** Epoch milliseconds at which the last segment ends. */
  endMs: number;
  type: number;
  segments: S[];
}

/**
 * Groups segments into clips: ordered by start, a segment continues the current clip when it has the same
 * type and starts at most `clipGapToleranceSeconds` (1 s) after the clip's end (overlaps included); anything
 * else starts a new clip. Clips are never cut inside a segment.
 */
export function groupClips<S extends SegmentSpan>(segments: readonly S[]): Clip<S>[] {
  const sorted = [...segments].sort((a, b) => a.start - b.start || a.durationMs - b.durationMs);
  const clips: Clip<S>[] = [];
  const toleranceMs = STORAGE_LIMITS.clipGapToleranceSeconds * 1000;
  for (const s of sorted) {
    const last = clips.at(-1);
    if (last && last.type === s.type && s.start * 1000 <= last.endMs + toleranceMs) {
      last.segments.push(s);
      last.endMs = Math.max(last.endMs, segmentEndMs(s));
    } else {
      clips.push({ start: s.start, endMs: segmentEndMs(s), type: s.type, segments: [s] });
    }
  }
  return clips;
}

/** record.query's recordList: `[start, end, type]` as strings; start and end in epoch seconds (end rounded up). */
export function toRecordList(clips: readonly Pick<Clip, 'start' | 'endMs' | 'type'>[]): [string, string, string][] {
  return clips.map((c) => [String(c.start), String(Math.ceil(c.endMs / 1000)), String(c.type)]);
}

const HOUR_MS = 3_600_000;

/**
 * A UTC hour as record.date.query writes it: basic ISO 8601 `YYYYMMDDTHH0000`. Apps read each entry as UTC and
 * convert it to the phone's local day, so one entry per hour puts every recording on the right local day in
 * every time zone (decisions CS6).
 */
export function formatHour(hour: number): string {
  const iso = new Date(hour * HOUR_MS).toISOString(); // 2026-11-23T05:00:00.000Z
  return `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}T${iso.slice(11, 13)}0000`;
}

/** record.date.query's dateList: distinct hours (hours since the epoch), oldest first. */
export function toDateList(hours: Iterable<number>): string[] {
  return [...new Set(hours)].sort((a, b) => a - b).map(formatHour);
}
