/**
 * The recording index (storage.segment). Every query that serves a user is scoped to the device's current
 * owner (mac_addr, user_id): a device bound to someone else never shows the previous owner's recordings.
 */
import { Inject, Injectable } from '@nestjs/common';
import { serviceDatabaseToken } from '@dcp/runtime';
import { hotStatement } from '@dcp/database';
import { STORAGE_LIMITS } from '@dcp/contracts';
import type { StorageDatabase, StorageTransaction } from '../storage-database.types';
import type { Segment } from './segment';

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
 * A hot statement (decisions PF4; every upload runs it): the row and the removal of the upload's guard deletion
 * (object-deletions.ts) in one statement, so from its commit on the object belongs to the row. Epoch seconds
 * come back as float8 (exact for them).
 * $1 id, $2 MAC, $3 owner, $4 start, $5 duration (ms), $6 type, $7 object key, $8 bytes.
 */
const INSERT = hotStatement<SegmentRow>(
  'storage.segment-insert',
  `WITH inserted AS (
     INSERT INTO "storage"."segment" (id, mac_addr, user_id, start_epoch_s, duration_ms, type, object_key, bytes)
     VALUES ($1::uuid, $2, $3::int, $4::bigint, $5::int, $6::int, $7, $8::int)
     RETURNING id::text AS id, mac_addr AS "macAddr", user_id AS "userId", start_epoch_s::float8 AS "startEpochS", duration_ms AS "durationMs", type, object_key AS "objectKey", bytes, created_at AS "createdAt"
   ), unguarded AS (
     DELETE FROM "storage"."object_deletion" WHERE object_key = $7
   )
   SELECT * FROM inserted`,
);

@Injectable()
export class SegmentRepository {
  constructor(@Inject(serviceDatabaseToken('storage')) private readonly db: StorageDatabase) {}

  /** Inserts the row (INSERT above). A segment already stored at that key raises the unique violation. */
  async insert(segment: NewSegment): Promise<Segment> {
    const { id, macAddr, userId, start, durationMs, type, objectKey, bytes } = segment;
    const rows = await this.db.run(INSERT, [id, macAddr, userId, start, durationMs, type, objectKey, bytes]);
    return toSegment(rows[0]);
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

  /** UTC day numbers (days since the epoch) with recordings of the owner's device (the admin look-up). */
  recordedDays(macAddr: string, userId: number): Promise<number[]> {
    return this.recordedPeriods(macAddr, userId, 86_400);
  }

  /**
   * UTC hours (hours since the epoch) with recordings of the owner's device ending after `visibleAfterMs`
   * (record.date.query, decisions CS6; retention's window, CU6).
   */
  recordedHours(macAddr: string, userId: number, visibleAfterMs = 0): Promise<number[]> {
    if (visibleAfterMs === Number.POSITIVE_INFINITY) return Promise.resolve([]);
    return this.recordedPeriods(macAddr, userId, 3_600, visibleAfterMs);
  }

  /**
   * The periods of `periodS` seconds since the epoch that hold recordings: each segment counts for every period
   * it covers; one ending exactly at a period's end does not count for the next.
   */
  private async recordedPeriods(macAddr: string, userId: number, periodS: number, visibleAfterMs = 0): Promise<number[]> {
    const rows = await this.db.client.$queryRaw<{ period: bigint | number }[]>`
      SELECT DISTINCT p.period AS period
      FROM "storage"."segment" s,
        LATERAL generate_series(
          floor(s.start_epoch_s / ${periodS}::numeric)::bigint,
          greatest(floor(s.start_epoch_s / ${periodS}::numeric), floor((s.start_epoch_s * 1000 + s.duration_ms - 1) / (${periodS}::numeric * 1000)))::bigint
        ) AS p(period)
      WHERE s.mac_addr = ${macAddr} AND s.user_id = ${userId} AND s.start_epoch_s * 1000 + s.duration_ms > ${BigInt(Math.floor(visibleAfterMs))}
      ORDER BY 1`;
    return rows.map((r) => Number(r.period));
  }

  /** How many segments the owner's device has, their bytes, the first start (epoch s) and the last end (epoch ms). */
  async summary(macAddr: string, userId: number): Promise<{ segments: number; bytes: number; firstStart: number | null; lastEndMs: number | null }> {
    const rows = await this.db.client.$queryRaw<{ n: number; bytes: bigint | number | null; first: bigint | number | null; lastEnd: bigint | number | null }[]>`
      SELECT count(*)::int AS n, sum(bytes)::bigint AS bytes, min(start_epoch_s)::bigint AS first, max(start_epoch_s * 1000 + duration_ms)::bigint AS "lastEnd"
      FROM "storage"."segment" WHERE mac_addr = ${macAddr} AND user_id = ${userId}`;
    const row = rows[0];
    const num = (v: bigint | number | null | undefined): number | null => (v === null || v === undefined ? null : Number(v));
    return { segments: Number(row?.n ?? 0), bytes: num(row?.bytes) ?? 0, firstStart: num(row?.first), lastEndMs: num(row?.lastEnd) };
  }

  /**
   * Inside the caller's transaction: removes up to `limit` segments their device's plan no longer keeps
   * (decisions CU6) — ended at or before now − the plan's retention, or all of them once the plan ended more
   * than `graceMs` ago; returns their keys. RecordingWindow shows the same rule.
   */
  async removeBeyondPlan(tx: StorageTransaction, nowMs: number, graceMs: number, limit: number): Promise<string[]> {
    const rows = await tx.$queryRaw<{ objectKey: string }[]>`
      DELETE FROM "storage"."segment" WHERE id IN (
        SELECT s.id FROM "storage"."device_plan" p
        JOIN "storage"."segment" s ON s.mac_addr = p.mac_addr AND s.user_id = p.user_id
        WHERE p.plan_ends_at <= ${new Date(nowMs - graceMs)}
           OR (s.start_epoch_s * 1000 < ${BigInt(Math.floor(nowMs))} - p.retention_days * 86400000::bigint
               AND s.start_epoch_s * 1000 + s.duration_ms <= ${BigInt(Math.floor(nowMs))} - p.retention_days * 86400000::bigint)
        LIMIT ${limit}
        FOR UPDATE OF s SKIP LOCKED
      ) RETURNING object_key AS "objectKey"`;
    return rows.map((r) => r.objectKey);
  }

  /** Inside the caller's transaction: removes one row (a refused ingest); returns its object key if it was there. */
  async removeById(tx: StorageTransaction, id: string): Promise<string[]> {
    const rows = await tx.$queryRaw<{ objectKey: string }[]>`
      DELETE FROM "storage"."segment" WHERE id = ${id}::uuid RETURNING object_key AS "objectKey"`;
    return rows.map((r) => r.objectKey);
  }

  /**
   * Inside the caller's transaction: removes up to `limit` segments of devices without a cloud-recording plan
   * on record (their plan's retention rules them: removeBeyondPlan) that ended before `cutoffMs`; returns their keys.
   */
  async removeEndedBefore(tx: StorageTransaction, cutoffMs: number, limit: number): Promise<string[]> {
    // start_epoch_s bounds the scan on its index; the exact end decides.
    const rows = await tx.$queryRaw<{ objectKey: string }[]>`
      DELETE FROM "storage"."segment" WHERE id IN (
        SELECT id FROM "storage"."segment"
        WHERE start_epoch_s < ${BigInt(Math.floor(cutoffMs / 1000))} AND start_epoch_s * 1000 + duration_ms < ${BigInt(Math.floor(cutoffMs))}
          AND NOT EXISTS (SELECT 1 FROM "storage"."device_plan" p WHERE p.mac_addr = segment.mac_addr AND p.user_id = segment.user_id)
        ORDER BY start_epoch_s LIMIT ${limit}
        FOR UPDATE SKIP LOCKED
      ) RETURNING object_key AS "objectKey"`;
    return rows.map((r) => r.objectKey);
  }
}
