/**
 * The recording index (storage.segment). Every query that serves a user is scoped to the device's current
 * owner (mac_addr, user_id): a device bound to someone else never shows the previous owner's recordings.
 */
import { Inject, Injectable } from '@nestjs/common';
import { serviceDatabaseToken } from '@dcp/runtime';
import { hotStatement } from '@dcp/database';
import { Prisma } from '../generated/prisma/client';
import { STORAGE_LIMITS } from '@dcp/contracts';
import type { StorageDatabase, StorageTransaction } from '../storage-database.types';
import type { Segment } from './segment';
import { CLIP_TOLERANCE_MS, segmentHours } from './clip-runs';
import { FootageIndex } from './footage-index';

type LastClip = { start: number | string; firstDurationMs: number; firstSegmentId: string; lastStart: number | string; endMs: number | string; type: number };

const RETURNING_REMOVED = Prisma.raw(`id::text AS id, mac_addr AS "macAddr", user_id AS "userId", start_epoch_s::float8 AS start, duration_ms AS "durationMs", type, object_key AS "objectKey", bytes`);

export interface SegmentRow {
  id: string;
  macAddr: string;
  userId: number;
  /** bigint from Prisma; a number (float8) from a hot statement. */
  startEpochS: bigint | number;
  durationMs: number;
  type: number;
  objectKey: string;
  bytes: number;
  createdAt: Date;
}

export function toSegment(row: SegmentRow): Segment {
  return {
    id: row.id,
    macAddr: row.macAddr,
    userId: row.userId,
    start: Number(row.startEpochS),
    durationMs: row.durationMs,
    type: row.type,
    objectKey: row.objectKey,
    bytes: row.bytes,
    createdAt: row.createdAt,
  };
}

export type NewSegment = Omit<Segment, 'createdAt'>;

/**
 * A late segment's transaction waits its turn behind the device's other late uploads (the footage lock): a
 * camera's backlog sent at once queues them. Up to 10 s for a connection and 20 s in all, not Prisma's 2 s and
 * 5 s, so a burst on a busy machine is stored, not refused (the camera would only send it again).
 */
const OUT_OF_ORDER_TRANSACTION = { maxWait: 10_000, timeout: 20_000 };

/**
 * A hot statement (decisions PF4; every upload runs it): storage.append_segment (the footage_summaries
 * migration) stores a segment that comes after everything stored, with its hours and clip, in one round trip.
 * $1 id, $2 MAC, $3 owner, $4 start, $5 duration (ms), $6 type, $7 object key, $8 bytes, $9–$10 its first and
 * last hour, $11 the clip tolerance (ms).
 */
const APPEND = hotStatement<Partial<SegmentRow> & { outcome: 'stored' | 'duplicate' | 'out-of-order' }>(
  'storage.segment-append',
  `SELECT * FROM "storage"."append_segment"($1::uuid, $2, $3::int, $4::bigint, $5::int, $6::int, $7, $8::int, $9::int, $10::int, $11::int)`,
);

/** A removed row: what its object, its hours and its clip need. */
export interface RemovedSegment {
  id: string;
  macAddr: string;
  userId: number;
  start: number;
  durationMs: number;
  type: number;
  objectKey: string;
  bytes: number;
}

type RemovedRow = Omit<RemovedSegment, 'start'> & { start: number | bigint };
const removedSegment = (r: RemovedRow): RemovedSegment => ({ ...r, start: Number(r.start) });

type PageCursor = { start: number; durationMs: number; id: string };

/** Page size of the playlist's keyset reads (a 6-hour window of 4-second segments is 5,400 rows). */
const PLAYLIST_PAGE = 1_000;

@Injectable()
export class SegmentRepository {
  constructor(
    @Inject(serviceDatabaseToken('storage')) private readonly db: StorageDatabase,
    private readonly index: FootageIndex,
  ) {}

  /**
   * Stores the row with everything that summarises it, atomically under the device and owner's footage lock
   * (decisions CS20, CU12): the row and the removal of the upload's guard deletion (object-deletions.ts: from
   * its commit on the object belongs to the row), its hours, its clip. A segment after everything stored (a
   * camera's next one) takes one hot statement (APPEND); one out of order a transaction that refolds the clips
   * around it. The same segment already stored at that key (a retried upload) changes nothing and answers
   * undefined.
   */
  async insert(segment: NewSegment): Promise<Segment | undefined> {
    const { id, macAddr, userId, start, durationMs, type, objectKey, bytes } = segment;
    const [firstHour, lastHour] = segmentHours(start, durationMs);
    const [row] = await this.db.run(APPEND, [id, macAddr, userId, start, durationMs, type, objectKey, bytes, firstHour, lastHour, CLIP_TOLERANCE_MS]);
    if (row?.outcome === 'stored') return toSegment(row as SegmentRow);
    if (row?.outcome === 'duplicate') return undefined;
    return this.insertOutOfOrder(segment, firstHour, lastHour);
  }

  /** `insert` for a segment starting at or before the last clip's last segment: a transaction that refolds around it. */
  private async insertOutOfOrder(segment: NewSegment, firstHour: number, lastHour: number): Promise<Segment | undefined> {
    const { id, macAddr, userId, start, durationMs, type, objectKey, bytes } = segment;
    return this.db.client.$transaction(async (tx) => {
      await this.index.lock(tx, macAddr, userId);
      const rows = await tx.$queryRaw<(SegmentRow & { lastClip: LastClip | null })[]>`
        WITH inserted AS (
          INSERT INTO "storage"."segment" (id, mac_addr, user_id, start_epoch_s, duration_ms, type, object_key, bytes)
          VALUES (${id}::uuid, ${macAddr}, ${userId}::int, ${start}::bigint, ${durationMs}::int, ${type}::int, ${objectKey}, ${bytes}::int)
          ON CONFLICT (mac_addr, user_id, start_epoch_s, type) DO NOTHING
          RETURNING id::text AS id, mac_addr AS "macAddr", user_id AS "userId", start_epoch_s::float8 AS "startEpochS", duration_ms AS "durationMs", type, object_key AS "objectKey", bytes, created_at AS "createdAt"
        ), unguarded AS (
          DELETE FROM "storage"."object_deletion" WHERE object_key = ${objectKey} AND EXISTS (SELECT 1 FROM inserted)
        ), hours AS (
          INSERT INTO "storage"."footage_hour" (mac_addr, user_id, hour, segments, starts, bytes)
          SELECT ${macAddr}, ${userId}::int, h, 1, (h = ${firstHour}::int)::int, CASE WHEN h = ${firstHour}::int THEN ${bytes}::bigint ELSE 0 END
          FROM inserted, generate_series(${firstHour}::int, ${lastHour}::int) AS h
          ON CONFLICT (mac_addr, user_id, hour) DO UPDATE SET segments = "footage_hour".segments + 1, starts = "footage_hour".starts + EXCLUDED.starts, bytes = "footage_hour".bytes + EXCLUDED.bytes
        )
        SELECT i.*, (
          SELECT json_build_object('start', c.start_epoch_s, 'firstDurationMs', c.first_duration_ms, 'firstSegmentId', c.first_segment_id, 'lastStart', c.last_start_epoch_s, 'endMs', c.end_ms, 'type', c.type)
          FROM "storage"."clip" c WHERE c.mac_addr = ${macAddr} AND c.user_id = ${userId}::int
          ORDER BY c.start_epoch_s DESC, c.first_duration_ms DESC, c.first_segment_id DESC LIMIT 1
        ) AS "lastClip"
        FROM inserted i`;
      const row = rows[0];
      if (!row) return undefined;
      const last = row.lastClip ?? undefined;
      await this.index.segmentAdded(tx, { id, macAddr, userId, start, durationMs, type }, last && { ...last, start: Number(last.start), lastStart: Number(last.lastStart), endMs: Number(last.endMs) });
      return toSegment(row);
    }, OUT_OF_ORDER_TRANSACTION);
  }

  /** The segment already stored for this device, owner, start second and type (their unique key). */
  async findSame(segment: Pick<NewSegment, 'macAddr' | 'userId' | 'start' | 'type'>): Promise<Segment | undefined> {
    const row = await this.db.client.segment.findUnique({
      where: { macAddr_userId_startEpochS_type: { macAddr: segment.macAddr, userId: segment.userId, startEpochS: BigInt(segment.start), type: segment.type } },
    });
    return row ? toSegment(row) : undefined;
  }

  async findById(id: string): Promise<Segment | undefined> {
    const row = await this.db.client.segment.findUnique({ where: { id } });
    return row ? toSegment(row) : undefined;
  }

  /**
   * The owner's segments of the device that overlap [fromS, toS] (start ≤ to, end > from), oldest first.
   * A segment starts at most maxSegmentSeconds before `from` when it overlaps it, which keeps the scan on
   * the (mac_addr, user_id, start_epoch_s) index.
   */
  async overlapping(macAddr: string, userId: number, fromS: number, toS: number): Promise<Segment[]> {
    const rows = await this.db.client.segment.findMany({
      where: {
        macAddr,
        userId,
        startEpochS: { gte: BigInt(Math.floor(fromS) - STORAGE_LIMITS.maxSegmentSeconds), lte: BigInt(Math.floor(toS)) },
      },
      orderBy: [{ startEpochS: 'asc' }, { id: 'asc' }],
    });
    return rows.map(toSegment).filter((s) => s.start * 1000 + s.durationMs > fromS * 1000);
  }

  /**
   * Whether `overlapping` would find anything: what record.play needs (decisions CS8), answered by one EXISTS
   * on the same index instead of reading and mapping the rows.
   */
  async hasOverlapping(macAddr: string, userId: number, fromS: number, toS: number, visibleAfterMs = 0): Promise<boolean> {
    if (visibleAfterMs === Number.POSITIVE_INFINITY) return false;
    const from = Math.floor(fromS);
    const endAfterMs = BigInt(Math.max(from * 1000, Math.floor(visibleAfterMs)));
    const rows = await this.db.client.$queryRaw<{ found: boolean }[]>`
      SELECT EXISTS (
        SELECT 1 FROM "storage"."segment"
        WHERE mac_addr = ${macAddr} AND user_id = ${userId}
          AND start_epoch_s BETWEEN ${BigInt(from - STORAGE_LIMITS.maxSegmentSeconds)} AND ${BigInt(Math.floor(toS))}
          AND start_epoch_s * 1000 + duration_ms > ${endAfterMs}
      ) AS found`;
    return rows[0]?.found === true;
  }

  /**
   * The owner's segments of the device that overlap [fromS, toS] and end after `afterMs`, in segment order
   * (start, duration, id: clips.ts's), a page of PLAYLIST_PAGE rows at a time through the
   * (mac_addr, user_id, start_epoch_s) index: a playlist of any window never holds every row at once.
   */
  async *overlappingPages(macAddr: string, userId: number, fromS: number, toS: number, afterMs = 0): AsyncGenerator<Segment[]> {
    if (!Number.isFinite(afterMs)) return;
    const endAfter = Math.max(Math.floor(fromS * 1000), Math.floor(afterMs));
    let cursor: PageCursor = { start: Math.floor(fromS) - STORAGE_LIMITS.maxSegmentSeconds, durationMs: -1, id: '00000000-0000-0000-0000-000000000000' };
    for (;;) {
      const page = await this.overlappingPage(macAddr, userId, Math.floor(toS), endAfter, cursor);
      if (page.length === 0) return;
      yield page;
      if (page.length < PLAYLIST_PAGE) return;
      const last = page[page.length - 1];
      cursor = { start: last.start, durationMs: last.durationMs, id: last.id };
    }
  }

  /** One page of `overlappingPages`: the rows after `cursor` in segment order. */
  private async overlappingPage(macAddr: string, userId: number, toS: number, endAfterMs: number, cursor: PageCursor): Promise<Segment[]> {
    const rows = await this.db.client.$queryRaw<SegmentRow[]>`
      SELECT id::text AS id, mac_addr AS "macAddr", user_id AS "userId", start_epoch_s::float8 AS "startEpochS", duration_ms AS "durationMs", type, object_key AS "objectKey", bytes, created_at AS "createdAt"
      FROM "storage"."segment"
      WHERE mac_addr = ${macAddr} AND user_id = ${userId}::int
        AND start_epoch_s BETWEEN ${cursor.start}::bigint AND ${toS}::bigint
        AND (start_epoch_s, duration_ms, id) > (${cursor.start}::bigint, ${cursor.durationMs}::int, ${cursor.id}::uuid)
        AND start_epoch_s * 1000 + duration_ms > ${endAfterMs}::bigint
      ORDER BY start_epoch_s, duration_ms, id LIMIT ${PLAYLIST_PAGE}`;
    return rows.map(toSegment);
  }

  /**
   * How many segments the owner's device has, their bytes, the first start (epoch s) and the last end (epoch ms):
   * the hour rows' starts and bytes added up and the first and last clip (CS20), never the segments.
   */
  async summary(macAddr: string, userId: number): Promise<{ segments: number; bytes: number; firstStart: number | null; lastEndMs: number | null }> {
    const rows = await this.db.client.$queryRaw<{ n: bigint | number | null; bytes: bigint | number | null; first: bigint | number | null; lastEnd: bigint | number | null }[]>`
      SELECT (SELECT sum(starts)::bigint FROM "storage"."footage_hour" WHERE mac_addr = ${macAddr} AND user_id = ${userId}::int) AS n,
             (SELECT sum(bytes)::bigint FROM "storage"."footage_hour" WHERE mac_addr = ${macAddr} AND user_id = ${userId}::int) AS bytes,
             (SELECT min(start_epoch_s) FROM "storage"."clip" WHERE mac_addr = ${macAddr} AND user_id = ${userId}::int) AS first,
             (SELECT max(end_ms) FROM "storage"."clip" WHERE mac_addr = ${macAddr} AND user_id = ${userId}::int) AS "lastEnd"`;
    const row = rows[0];
    const num = (v: bigint | number | null | undefined): number | null => (v === null || v === undefined ? null : Number(v));
    return { segments: num(row?.n) ?? 0, bytes: num(row?.bytes) ?? 0, firstStart: num(row?.first), lastEndMs: num(row?.lastEnd) };
  }

  /**
   * Devices and owners with segments their device's plan no longer keeps (decisions CU6): ended at or before
   * now − the plan's retention, or any once the plan ended more than `graceMs` ago. One probe of the segment
   * index per plan (the oldest segments come first).
   */
  async beyondPlan(nowMs: number, graceMs: number, limit: number): Promise<Array<{ macAddr: string; userId: number }>> {
    const now = BigInt(Math.floor(nowMs));
    // Each EXISTS starts where the index can: any segment once the plan ended; else only segments starting
    // before the cut (the sargable bound), the oldest first.
    return this.db.client.$queryRaw<{ macAddr: string; userId: number }[]>`
      SELECT p.mac_addr AS "macAddr", p.user_id AS "userId" FROM "storage"."device_plan" p
      WHERE (p.plan_ends_at <= ${new Date(nowMs - graceMs)} AND EXISTS (SELECT 1 FROM "storage"."segment" s WHERE s.mac_addr = p.mac_addr AND s.user_id = p.user_id))
         OR EXISTS (
           SELECT 1 FROM "storage"."segment" s
           WHERE s.mac_addr = p.mac_addr AND s.user_id = p.user_id
             AND s.start_epoch_s < (${now} - p.retention_days * 86400000::bigint) / 1000 + 1
             AND s.start_epoch_s * 1000 < ${now} - p.retention_days * 86400000::bigint
             AND s.start_epoch_s * 1000 + s.duration_ms <= ${now} - p.retention_days * 86400000::bigint
         )
      ORDER BY p.mac_addr, p.user_id LIMIT ${limit}`;
  }

  /**
   * Inside the caller's transaction (holding the device and owner's footage lock): removes up to `limit` of
   * the segments `beyondPlan` names, oldest first; RecordingWindow shows the same rule.
   */
  async removeBeyondPlan(tx: StorageTransaction, macAddr: string, userId: number, nowMs: number, graceMs: number, limit: number): Promise<RemovedSegment[]> {
    const now = BigInt(Math.floor(nowMs));
    const rows = await tx.$queryRaw<RemovedRow[]>`
      DELETE FROM "storage"."segment" WHERE id IN (
        SELECT s.id FROM "storage"."device_plan" p
        JOIN "storage"."segment" s ON s.mac_addr = p.mac_addr AND s.user_id = p.user_id
        WHERE p.mac_addr = ${macAddr} AND p.user_id = ${userId}::int
          AND s.start_epoch_s < CASE WHEN p.plan_ends_at <= ${new Date(nowMs - graceMs)} THEN 9223372036854775807 ELSE (${now} - p.retention_days * 86400000::bigint) / 1000 + 1 END
          AND (p.plan_ends_at <= ${new Date(nowMs - graceMs)}
               OR (s.start_epoch_s * 1000 < ${now} - p.retention_days * 86400000::bigint
                   AND s.start_epoch_s * 1000 + s.duration_ms <= ${now} - p.retention_days * 86400000::bigint))
        ORDER BY s.start_epoch_s, s.id LIMIT ${limit}
      ) RETURNING ${RETURNING_REMOVED}`;
    return rows.map(removedSegment);
  }

  /** Inside the caller's transaction (holding the footage lock): removes one row (a refused ingest). */
  async removeById(tx: StorageTransaction, id: string): Promise<RemovedSegment[]> {
    const rows = await tx.$queryRaw<RemovedRow[]>`
      DELETE FROM "storage"."segment" WHERE id = ${id}::uuid RETURNING ${RETURNING_REMOVED}`;
    return rows.map(removedSegment);
  }

  /**
   * Devices and owners without a cloud-recording plan on record (their plan's retention rules them:
   * beyondPlan) with segments that ended before `cutoffMs`, through the start_epoch_s index.
   */
  async endedBefore(cutoffMs: number, limit: number): Promise<Array<{ macAddr: string; userId: number }>> {
    return this.db.client.$queryRaw<{ macAddr: string; userId: number }[]>`
      SELECT DISTINCT x.mac_addr AS "macAddr", x.user_id AS "userId" FROM (
        SELECT mac_addr, user_id FROM "storage"."segment"
        WHERE start_epoch_s < ${BigInt(Math.floor(cutoffMs / 1000))} AND start_epoch_s * 1000 + duration_ms < ${BigInt(Math.floor(cutoffMs))}
          AND NOT EXISTS (SELECT 1 FROM "storage"."device_plan" p WHERE p.mac_addr = segment.mac_addr AND p.user_id = segment.user_id)
        ORDER BY start_epoch_s LIMIT ${limit}
      ) AS x`;
  }

  /** Inside the caller's transaction (holding the footage lock): up to `limit` of what `endedBefore` names for one device and owner, oldest first. */
  async removeEndedBefore(tx: StorageTransaction, macAddr: string, userId: number, cutoffMs: number, limit: number): Promise<RemovedSegment[]> {
    // start_epoch_s bounds the scan on its index; the exact end decides.
    const rows = await tx.$queryRaw<RemovedRow[]>`
      DELETE FROM "storage"."segment" WHERE id IN (
        SELECT id FROM "storage"."segment"
        WHERE mac_addr = ${macAddr} AND user_id = ${userId}::int
          AND start_epoch_s < ${BigInt(Math.floor(cutoffMs / 1000))} AND start_epoch_s * 1000 + duration_ms < ${BigInt(Math.floor(cutoffMs))}
          AND NOT EXISTS (SELECT 1 FROM "storage"."device_plan" p WHERE p.mac_addr = segment.mac_addr AND p.user_id = segment.user_id)
        ORDER BY start_epoch_s, id LIMIT ${limit}
      ) RETURNING ${RETURNING_REMOVED}`;
    return rows.map(removedSegment);
  }
}
