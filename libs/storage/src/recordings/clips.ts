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
 * every time zone (decisions CS6). Arithmetic on the day number, not `Date#toISOString`: a month of footage is
 * 720 entries per call, and formatting through Date was the largest CPU cost of record.date.query.
 */
export function formatHour(hour: number): string {
  const day = Math.floor(hour / 24);
  const stamp = dayStamp(day);
  if (stamp === undefined) return formatHourByDate(hour);
  const hh = hour - day * 24;
  return `${stamp}T${hh < 10 ? '0' : ''}${hh}0000`;
}

/** `YYYYMMDD` of a day since the epoch (proleptic Gregorian, civil-from-days); undefined outside years 0–9999. */
function dayStamp(days: number): string | undefined {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  if (y < 0 || y > 9999) return undefined;
  return `${String(y).padStart(4, '0')}${m < 10 ? '0' : ''}${m}${d < 10 ? '0' : ''}${d}`;
}

/** The same through Date (the specs' reference; years Date writes with six digits). */
export function formatHourByDate(hour: number): string {
  const iso = new Date(hour * HOUR_MS).toISOString(); // 2026-11-23T05:00:00.000Z
  return `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}T${iso.slice(11, 13)}0000`;
}

/** record.date.query's dateList: distinct hours (hours since the epoch), oldest first. */
export function toDateList(hours: Iterable<number>): string[] {
  const list = [...hours];
  // The index answers them distinct and in order: then no set and no sort.
  const ordered = list.every((h, i) => i === 0 || h > list[i - 1]);
  return (ordered ? list : [...new Set(list)].sort((a, b) => a - b)).map(formatHour);
}
