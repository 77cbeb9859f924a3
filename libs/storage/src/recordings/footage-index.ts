/**
 * The summaries of storage.segment that the stream operations read (docs/decisions.md CS20): storage.clip (the
 * clips record.query lists, exactly as clips.ts groups segments) and storage.footage_hour (how many segments
 * touch each UTC hour: record.date.query). Every change to a device's segments under an owner changes them in
 * the same transaction, under a transaction-scoped advisory lock on (device, owner) taken before the change:
 *
 * - a segment added after everything stored extends the last clip or starts one (one row), in the upload's
 *   own statement (storage.append_segment, SegmentRepository.insert), or here (`segmentAdded`);
 * - anything else (a segment out of order, removals by retention, purges, a refused ingest) refolds the window
 *   around the change (clip-runs.ts `refoldWindow`): the stored clip running into it, the segments in it, the
 *   stored clip going on after it; only the clips that changed are written.
 *
 * Reads, one statement each: `recordList` (record.query) touches the clips overlapping the query and, for at
 * most the clips cut by its edges, a few index rows of segments; `recordedHours` the hour rows (and, for the
 * hours retention's cut crosses, one EXISTS each).
 */
import { Inject, Injectable } from '@nestjs/common';
import { serviceDatabaseToken } from '@dcp/runtime';
import type { StorageDatabase, StorageTransaction } from '../storage-database.types';
import { type Block, CLIP_TOLERANCE_MS, type ClipRow, ClipIndexInconsistent, MAX_SEGMENT_S, type RunSegment, clipKey, foldBlocks, foldRuns, refoldWindow, segmentHours } from './clip-runs';

/** A segment as a change reports it (removed rows, an inserted row). */
export interface ChangedSegment extends RunSegment {
  macAddr: string;
  userId: number;
}

/** Keyset page size of a whole rebuild (the fallback when stored clips disagree with the segments). */
const REBUILD_PAGE = 5_000;

/** A clip as record.query reads it, with what its segments say where the query cuts it (overlappingClips). */
interface CutClip {
  start: number;
  lastStart: number;
  endMs: number;
  type: number;
  cutStart?: number;
  cutEndMs?: number;
}

type ClipRecord = { startEpochS: bigint; firstDurationMs: number; firstSegmentId: string; lastStartEpochS: bigint; endMs: bigint; type: number };

function toClipRow(r: ClipRecord): ClipRow {
  return { start: Number(r.startEpochS), firstDurationMs: r.firstDurationMs, firstSegmentId: r.firstSegmentId, lastStart: Number(r.lastStartEpochS), endMs: Number(r.endMs), type: r.type };
}

const CLIP_ORDER_DESC = [{ startEpochS: 'desc' as const }, { firstDurationMs: 'desc' as const }, { firstSegmentId: 'desc' as const }];
const CLIP_ORDER = [{ startEpochS: 'asc' as const }, { firstDurationMs: 'asc' as const }, { firstSegmentId: 'asc' as const }];
const SEGMENT_ORDER = [{ startEpochS: 'asc' as const }, { durationMs: 'asc' as const }, { id: 'asc' as const }];

@Injectable()
export class FootageIndex {
  constructor(@Inject(serviceDatabaseToken('storage')) private readonly db: StorageDatabase) {}

  /** Serialises changes to one device's footage under one owner until the caller's transaction ends. */
  async lock(tx: StorageTransaction, macAddr: string, userId: number): Promise<void> {
    await tx.$queryRaw`SELECT 1 AS locked FROM (SELECT pg_advisory_xact_lock(hashtext('storage.footage'), hashtext(${macAddr}::text || ':' || ${userId}::int::text))) AS l`;
  }

  /** As `lock`, but false at once when another transaction holds it (a sweeper replica leaves it to that one). */
  async tryLock(tx: StorageTransaction, macAddr: string, userId: number): Promise<boolean> {
    const rows = await tx.$queryRaw<{ locked: boolean }[]>`SELECT pg_try_advisory_xact_lock(hashtext('storage.footage'), hashtext(${macAddr}::text || ':' || ${userId}::int::text)) AS locked`;
    return rows[0]?.locked === true;
  }

  /**
   * Inside the inserting transaction, after the row and its hours (SegmentRepository.insert), with `last` the
   * last stored clip read after the lock: extends it or adds a clip when the segment comes after everything
   * stored, else refolds around it.
   */
  async segmentAdded(tx: StorageTransaction, s: ChangedSegment, last: ClipRow | undefined): Promise<void> {
    if (!last || s.start > last.lastStart) {
      const [run] = foldRuns(last, [s]).slice(last ? -1 : 0);
      if (last && clipKey(run) === clipKey(last)) {
        await tx.clip.update({
          where: { macAddr_userId_startEpochS_firstDurationMs_firstSegmentId: { macAddr: s.macAddr, userId: s.userId, startEpochS: BigInt(last.start), firstDurationMs: last.firstDurationMs, firstSegmentId: last.firstSegmentId } },
          data: { lastStartEpochS: BigInt(run.lastStart), endMs: BigInt(run.endMs) },
        });
      } else {
        await tx.clip.create({ data: this.clipData(s.macAddr, s.userId, run) });
      }
      return;
    }
    await this.refold(tx, s.macAddr, s.userId, s.start, s.start);
  }

  /**
   * Inside the removing transaction, after the rows went: their hours and the clips around them. `span`: the
   * removal took every segment between its first and last start (retention and purges walk the segments in
   * order), so one window over all of it reads only what is left there; otherwise removals far apart refold apart.
   */
  async segmentsRemoved(tx: StorageTransaction, macAddr: string, userId: number, removed: readonly (RunSegment & { bytes: number })[], span = false): Promise<void> {
    if (removed.length === 0) return;
    const perHour = new Map<number, { segments: number; starts: number; bytes: number }>();
    for (const s of removed) {
      const [first, last] = segmentHours(s.start, s.durationMs);
      for (let h = first; h <= last; h++) {
        const n = perHour.get(h) ?? { segments: 0, starts: 0, bytes: 0 };
        n.segments += 1;
        if (h === first) {
          n.starts += 1;
          n.bytes += s.bytes;
        }
        perHour.set(h, n);
      }
    }
    for (const [hour, n] of perHour) {
      await tx.footageHour.updateMany({
        where: { macAddr, userId, hour },
        data: { segments: { decrement: n.segments }, starts: { decrement: n.starts }, bytes: { decrement: BigInt(n.bytes) } },
      });
    }
    await tx.footageHour.deleteMany({ where: { macAddr, userId, hour: { in: [...perHour.keys()] }, segments: { lte: 0 } } });
    const starts = [...new Set(removed.map((s) => s.start))].sort((a, b) => a - b);
    if (span) return this.refold(tx, macAddr, userId, starts[0], starts[starts.length - 1]);
    // Removals far apart refold apart (in order: each window sees the ones before it done), so the segments
    // read stay near the removed ones.
    const gap = refoldWindow(0, 0).to + 1;
    let groupStart = starts[0];
    for (let i = 1; i <= starts.length; i++) {
      if (i === starts.length || starts[i] - starts[i - 1] > gap) {
        await this.refold(tx, macAddr, userId, groupStart, starts[i - 1]);
        groupStart = starts[i];
      }
    }
  }

  /**
   * Rewrites the clips of the window around a change to segments starting in [t1, t2] (clip-runs.ts): the
   * stored clip before the window (its run up to the window, from the segments just before it), the
   * segments in the window, the stored clip going on past it. Falls back to rebuilding every clip of the
   * device and owner when the stored clips contradict the segments.
   */
  private async refold(tx: StorageTransaction, macAddr: string, userId: number, t1: number, t2: number): Promise<void> {
    const w = refoldWindow(t1, t2);
    const leftRecord = await tx.clip.findFirst({ where: { macAddr, userId, startEpochS: { lt: BigInt(w.from) } }, orderBy: CLIP_ORDER_DESC });
    const left = leftRecord ? toClipRow(leftRecord) : undefined;
    const inWindow = (await tx.clip.findMany({ where: { macAddr, userId, startEpochS: { gte: BigInt(w.from), lte: BigInt(w.to) } }, orderBy: CLIP_ORDER })).map(toClipRow);
    let carry = left;
    if (left && left.lastStart >= w.from) {
      const prefix = (await this.runBefore(tx, macAddr, userId, left.type, Math.max(left.start, w.lookbackFrom), w.from - 1)) ?? (await this.runBefore(tx, macAddr, userId, left.type, left.start, w.from - 1));
      if (!prefix) return this.rebuildAll(tx, macAddr, userId);
      carry = { ...left, ...prefix };
    }
    const segments = (
      await tx.segment.findMany({
        where: { macAddr, userId, startEpochS: { gte: BigInt(w.from), lte: BigInt(w.to) } },
        select: { id: true, startEpochS: true, durationMs: true, type: true },
        orderBy: SEGMENT_ORDER,
      })
    ).map((r) => ({ id: r.id, start: Number(r.startEpochS), durationMs: r.durationMs, type: r.type }));
    const lastOld = inWindow.at(-1) ?? left;
    const tail = lastOld && lastOld.lastStart > w.to ? { lastStart: lastOld.lastStart, endMs: lastOld.endMs } : undefined;
    let runs: ClipRow[];
    try {
      runs = foldRuns(carry, segments, tail);
    } catch (err) {
      if (err instanceof ClipIndexInconsistent) return this.rebuildAll(tx, macAddr, userId);
      throw err;
    }
    await this.replace(tx, macAddr, userId, left ? [left, ...inWindow] : inWindow, runs);
  }

  /** The last start and latest end of the owner's type-`type` segments starting in [from, to] (null: none). */
  private async runBefore(tx: StorageTransaction, macAddr: string, userId: number, type: number, from: number, to: number): Promise<{ lastStart: number; endMs: number } | undefined> {
    if (to < from) return undefined;
    const rows = await tx.$queryRaw<{ lastStart: number | null; endMs: number | null }[]>`
      SELECT max(start_epoch_s)::float8 AS "lastStart", max(start_epoch_s * 1000 + duration_ms)::float8 AS "endMs"
      FROM "storage"."segment"
      WHERE mac_addr = ${macAddr} AND user_id = ${userId}::int AND type = ${type}::int AND start_epoch_s BETWEEN ${from}::bigint AND ${to}::bigint`;
    const row = rows[0];
    return row && row.lastStart !== null && row.endMs !== null ? { lastStart: Number(row.lastStart), endMs: Number(row.endMs) } : undefined;
  }

  /** Writes what changed between the stored clips `before` and the runs `after` (one window). */
  private async replace(tx: StorageTransaction, macAddr: string, userId: number, before: readonly ClipRow[], after: readonly ClipRow[]): Promise<void> {
    const whole = (c: ClipRow) => `${clipKey(c)}/${c.lastStart}/${c.endMs}/${c.type}`;
    const kept = new Set(after.map(whole));
    const had = new Set(before.map(whole));
    const gone = before.filter((b) => !kept.has(whole(b)));
    const added = after.filter((a) => !had.has(whole(a)));
    if (gone.length > 0) {
      await tx.clip.deleteMany({
        where: { macAddr, userId, OR: gone.map((c) => ({ startEpochS: BigInt(c.start), firstDurationMs: c.firstDurationMs, firstSegmentId: c.firstSegmentId })) },
      });
    }
    if (added.length > 0) await tx.clip.createMany({ data: added.map((c) => this.clipData(macAddr, userId, c)) });
  }

  /** Every clip of the device and owner again, from its segments in keyset pages (never all in memory). */
  async rebuildAll(tx: StorageTransaction, macAddr: string, userId: number): Promise<void> {
    await tx.clip.deleteMany({ where: { macAddr, userId } });
    let carry: ClipRow | undefined;
    let after: { startEpochS: bigint; durationMs: number; id: string } | undefined;
    for (;;) {
      const page = await tx.segment.findMany({
        where: {
          macAddr,
          userId,
          ...(after && {
            OR: [
              { startEpochS: { gt: after.startEpochS } },
              { startEpochS: after.startEpochS, durationMs: { gt: after.durationMs } },
              { startEpochS: after.startEpochS, durationMs: after.durationMs, id: { gt: after.id } },
            ],
          }),
        },
        select: { id: true, startEpochS: true, durationMs: true, type: true },
        orderBy: SEGMENT_ORDER,
        take: REBUILD_PAGE,
      });
      if (page.length === 0) break;
      const runs = foldRuns(carry, page.map((r) => ({ id: r.id, start: Number(r.startEpochS), durationMs: r.durationMs, type: r.type })));
      carry = runs.pop();
      if (runs.length > 0) await tx.clip.createMany({ data: runs.map((c) => this.clipData(macAddr, userId, c)) });
      after = page.at(-1);
      if (page.length < REBUILD_PAGE) break;
    }
    if (carry) await tx.clip.create({ data: this.clipData(macAddr, userId, carry) });
  }

  private clipData(macAddr: string, userId: number, c: ClipRow) {
    return { macAddr, userId, startEpochS: BigInt(c.start), firstDurationMs: c.firstDurationMs, firstSegmentId: c.firstSegmentId, lastStartEpochS: BigInt(c.lastStart), endMs: BigInt(c.endMs), type: c.type };
  }

  /** The stored clips of the device and owner, in order (specs and the admin's repair). */
  async clips(macAddr: string, userId: number): Promise<ClipRow[]> {
    return (await this.db.client.clip.findMany({ where: { macAddr, userId }, orderBy: CLIP_ORDER })).map(toClipRow);
  }

  /**
   * record.query's clips over the owner's segments that start by `toS` and end after `afterMs` (the query's
   * start in ms, or retention's cut if later): `[start, endMs, type]`, as groupClips over those segments.
   * One statement: the clips overlapping the range and, for at most the clips cut by its edges (one starts
   * before afterMs, one has segments starting after toS), a short index read of their segments at the cut.
   */
  async recordList(macAddr: string, userId: number, afterMs: number, toS: number): Promise<Block[]> {
    if (!Number.isFinite(afterMs)) return [];
    const after = Math.floor(afterMs);
    const to = Math.floor(toS);
    const blocks: Block[] = [];
    // In clip order (the statement's): by their first segments.
    for (const c of await this.overlappingClips(macAddr, userId, after, to)) {
      // Cut by retention or the query's start: the clip shows from its first segment ending after `after`.
      if (c.start * 1000 < after && c.cutStart === undefined) continue;
      const start = c.start * 1000 < after ? (c.cutStart as number) : c.start;
      // Cut by the query's end: the clip ends where its segments starting by `to` end.
      if (c.lastStart > to && (c.cutEndMs === undefined || c.cutEndMs <= after)) continue;
      blocks.push({ start, endMs: c.lastStart > to ? (c.cutEndMs as number) : c.endMs, type: c.type });
    }
    return foldBlocks(blocks);
  }

  /**
   * The clips ending after `afterMs` that start by `toS`, in clip order, as one JSON text of numbers (a 30-day
   * query of a camera recording around the clock is hundreds of clips: one value keeps the driver's per-row cost
   * out of it, and JSON.parse reads it natively where PostgreSQL arrays are parsed character by character in
   * JavaScript), with what their segments say at the cuts:
   * - `cutStart`, for a clip starting before `afterMs`: the first start among its segments ending after it
   *   (from afterMs − maxSegmentSeconds: a segment starting earlier has ended);
   * - `cutEndMs`, for a clip with segments starting after `toS`: the latest end among those starting by `toS`
   *   (from toS − maxSegmentSeconds − tolerance − 1: the latest end belongs to one starting there, clip-runs.ts).
   * Each lateral read runs only for the clip it concerns (its condition on the clip is a one-time filter).
   */
  private async overlappingClips(macAddr: string, userId: number, afterMs: number, toS: number): Promise<CutClip[]> {
    const afterFloorS = Math.floor(afterMs / 1000) - MAX_SEGMENT_S;
    const endLookbackS = toS - MAX_SEGMENT_S - CLIP_TOLERANCE_MS / 1000 - 1;
    const [row] = await this.db.client.$queryRaw<{ clips: string | null }[]>`
      SELECT '[' || string_agg(
               concat_ws(',', c.start_epoch_s, c.last_start_epoch_s, c.end_ms, c.type, coalesce(first_cut.start::text, 'null'), coalesce(last_cut.end_ms::text, 'null')),
               ',' ORDER BY c.start_epoch_s, c.first_duration_ms, c.first_segment_id) || ']' AS clips
      FROM "storage"."clip" c
      LEFT JOIN LATERAL (
        SELECT s.start_epoch_s AS start FROM "storage"."segment" s
        WHERE c.start_epoch_s * 1000 < ${afterMs}::bigint
          AND s.mac_addr = ${macAddr} AND s.user_id = ${userId}::int AND s.type = c.type
          AND s.start_epoch_s BETWEEN greatest(c.start_epoch_s, ${afterFloorS}::bigint) AND least(c.last_start_epoch_s, ${toS}::bigint)
          AND s.start_epoch_s * 1000 + s.duration_ms > ${afterMs}::bigint
        ORDER BY s.start_epoch_s LIMIT 1
      ) first_cut ON true
      LEFT JOIN LATERAL (
        SELECT max(s.start_epoch_s * 1000 + s.duration_ms) AS end_ms FROM "storage"."segment" s
        WHERE c.last_start_epoch_s > ${toS}::bigint
          AND s.mac_addr = ${macAddr} AND s.user_id = ${userId}::int AND s.type = c.type
          AND s.start_epoch_s BETWEEN greatest(coalesce(first_cut.start, c.start_epoch_s), ${endLookbackS}::bigint) AND ${toS}::bigint
      ) last_cut ON true
      WHERE c.mac_addr = ${macAddr} AND c.user_id = ${userId}::int AND c.end_ms > ${afterMs}::bigint AND c.start_epoch_s <= ${toS}::bigint`;
    const flat = row?.clips ? (JSON.parse(row.clips) as (number | null)[]) : [];
    const clips: CutClip[] = [];
    for (let i = 0; i < flat.length; i += 6) {
      const [cutStart, cutEndMs] = [flat[i + 4], flat[i + 5]];
      clips.push({ start: flat[i] as number, lastStart: flat[i + 1] as number, endMs: flat[i + 2] as number, type: flat[i + 3] as number, cutStart: cutStart ?? undefined, cutEndMs: cutEndMs ?? undefined });
    }
    return clips;
  }

  /**
   * The UTC hours (since the epoch) with the owner's segments that end after `afterMs` (record.date.query,
   * CS6; retention's cut, CU6), in one statement: the hour rows from the first hour such a segment can touch;
   * the hours beginning before the cut (at most two: a segment lasts at most maxSegmentSeconds) only when one
   * of their segments ends after it (an EXISTS that runs for those hours alone).
   */
  async recordedHours(macAddr: string, userId: number, afterMs = 0): Promise<number[]> {
    if (!Number.isFinite(afterMs)) return [];
    const after = Math.max(0, Math.floor(afterMs));
    const minHour = after > 0 ? Math.floor((after - MAX_SEGMENT_S * 1000) / 3_600_000) : -2_147_483_648;
    const afterFloorS = Math.floor(after / 1000) - MAX_SEGMENT_S;
    // One value: every hour (a month of footage is 720) as a JSON text, not 720 rows through the driver nor a
    // PostgreSQL array (parsed character by character in JavaScript).
    const [row] = await this.db.client.$queryRaw<{ hours: string | null }[]>`
      SELECT '[' || string_agg(h.hour::text, ',' ORDER BY h.hour) || ']' AS hours FROM "storage"."footage_hour" h
      WHERE h.mac_addr = ${macAddr} AND h.user_id = ${userId}::int AND h.hour >= ${minHour}::int
        AND (${after}::bigint = 0 OR h.hour::bigint * 3600000 >= ${after}::bigint OR EXISTS (
          SELECT 1 FROM "storage"."segment" s
          WHERE s.mac_addr = ${macAddr} AND s.user_id = ${userId}::int
            AND s.start_epoch_s BETWEEN ${afterFloorS}::bigint AND (h.hour::bigint + 1) * 3600 - 1
            AND s.start_epoch_s * 1000 + s.duration_ms > ${after}::bigint
        ))`;
    return row?.hours ? (JSON.parse(row.hours) as number[]) : [];
  }

  /** UTC day numbers with the owner's segments (the operator's look-up): the days of the hour rows. */
  async recordedDays(macAddr: string, userId: number): Promise<number[]> {
    const hours = await this.recordedHours(macAddr, userId, 0);
    return [...new Set(hours.map((h) => Math.floor(h / 24)))];
  }
}
