/**
 * The clip index's arithmetic (docs/decisions.md CS20), pure: no database. clips.ts's groupClips defines what a
 * clip is — segments in segment order (start, duration, id), each continuing the run before it when it has the
 * same type and starts at most clipGapToleranceSeconds after the run's latest end — and these functions keep
 * that answer without looking at every segment:
 *
 * - `foldRuns`: the runs of a window of segments, continuing a stored clip that began before the window
 *   (`carry`) and handing over to a stored clip that goes on after it (`tail`). The maintenance (FootageIndex)
 *   refolds only the window around a change: a segment's place in a run depends on segments at most
 *   maxSegmentSeconds + the tolerance before it, so a change to segments starting in [t1, t2] changes nothing
 *   for segments starting before t1 or after t2 + maxSegmentSeconds + tolerance (`refoldWindow`).
 * - `foldBlocks`: record.query's answer from stored clips cut to the query (only segments starting by `to`
 *   and ending after `from` and retention's cut): each stored clip's part is one block, blocks in clip order,
 *   and neighbouring blocks merge exactly where groupClips would merge their segments.
 */
import { STORAGE_LIMITS } from '@dcp/contracts';

export const CLIP_TOLERANCE_MS = STORAGE_LIMITS.clipGapToleranceSeconds * 1000;
export const MAX_SEGMENT_S = STORAGE_LIMITS.maxSegmentSeconds;

/** A segment as the folds see it (start in epoch seconds). */
export interface RunSegment {
  id: string;
  start: number;
  durationMs: number;
  type: number;
}

/** A stored clip (storage.clip): its first segment's key, its last segment's start, its latest end. */
export interface ClipRow {
  start: number;
  firstDurationMs: number;
  firstSegmentId: string;
  lastStart: number;
  endMs: number;
  type: number;
}

/** Segment order: start, then duration, then id (clips.ts sorts by start and duration, stable over id order). */
export function compareSegments(a: Pick<RunSegment, 'start' | 'durationMs' | 'id'>, b: Pick<RunSegment, 'start' | 'durationMs' | 'id'>): number {
  return a.start - b.start || a.durationMs - b.durationMs || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

export function clipKey(c: ClipRow): string {
  return `${c.start}/${c.firstDurationMs}/${c.firstSegmentId}`;
}

/**
 * The runs of `segments` (sorted in segment order, all starting at or after everything `carry` holds):
 * `carry` is the run in progress before them (its latest end and last start over the segments before the
 * window), `tail` what of the run in progress after them lies beyond the window (it continues the last run:
 * a segment beyond the window keeps its place, decisions CS20). Throws when there is a tail but no run for it
 * (the stored clips were not what the segments say).
 */
export function foldRuns(carry: ClipRow | undefined, segments: readonly RunSegment[], tail?: { lastStart: number; endMs: number }): ClipRow[] {
  const runs: ClipRow[] = carry ? [{ ...carry }] : [];
  for (const s of segments) {
    const last = runs.at(-1);
    const endMs = s.start * 1000 + s.durationMs;
    if (last && last.type === s.type && s.start * 1000 <= last.endMs + CLIP_TOLERANCE_MS) {
      last.lastStart = Math.max(last.lastStart, s.start);
      last.endMs = Math.max(last.endMs, endMs);
    } else {
      runs.push({ start: s.start, firstDurationMs: s.durationMs, firstSegmentId: s.id, lastStart: s.start, endMs, type: s.type });
    }
  }
  if (tail) {
    const last = runs.at(-1);
    if (!last) throw new ClipIndexInconsistent('a clip goes on beyond the window but no run reaches it');
    last.lastStart = Math.max(last.lastStart, tail.lastStart);
    last.endMs = Math.max(last.endMs, tail.endMs);
  }
  return runs;
}

export class ClipIndexInconsistent extends Error {}

/**
 * The window a change to segments starting in [t1, t2] (epoch seconds) refolds: segments starting in
 * [from, to]. `lookbackFrom` is where the latest end of the stored clip running into the window can be read:
 * a clip that goes on past `from` has a segment starting at or after it whose end reaches past
 * from − tolerance, so that end belongs to a segment starting after lookbackFrom.
 */
export function refoldWindow(t1: number, t2: number): { from: number; to: number; lookbackFrom: number } {
  const tolS = STORAGE_LIMITS.clipGapToleranceSeconds;
  const unaffectedAfter = t2 + MAX_SEGMENT_S + tolS + 1;
  // One more segment length: the first segment of a clip going on past `to` follows one inside the window.
  return { from: t1, to: unaffectedAfter + MAX_SEGMENT_S + 1, lookbackFrom: t1 - MAX_SEGMENT_S - tolS - 1 };
}

/** One stored clip's part of a query: its first start and latest end over the segments the query keeps. */
export interface Block {
  start: number;
  endMs: number;
  type: number;
}

/** Folds blocks (in clip order) into record.query's clips: `[start, endMs, type]`. */
export function foldBlocks(blocks: readonly Block[]): Block[] {
  const out: Block[] = [];
  for (const b of blocks) {
    const last = out.at(-1);
    if (last && last.type === b.type && b.start * 1000 <= last.endMs + CLIP_TOLERANCE_MS) last.endMs = Math.max(last.endMs, b.endMs);
    else out.push({ ...b });
  }
  return out;
}

/** The hours (since the epoch, UTC) a segment counts for in record.date.query: its start's to its last millisecond's. */
export function segmentHours(start: number, durationMs: number): [number, number] {
  const first = Math.floor(start / 3600);
  return [first, Math.max(first, Math.floor((start * 1000 + durationMs - 1) / 3_600_000))];
}
