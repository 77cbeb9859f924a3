/**
 * What an upload checks before its bytes are written (decisions CU5, CU7), in one statement: the segment
 * already stored at its idempotency key (device, owner, start second, type), the start of the owner's newest
 * one (out of order beyond the tolerance is refused), then — only when both pass — the device's quotas are
 * counted in storage.device_usage (one conditional upsert: replicas share one count, a device's uploads
 * serialise only on their own row) and the upload's object is guarded (its deletion queued, due after
 * UPLOAD_GRACE_MS, removed by the row's insert; object-deletions.ts). Nothing is counted or queued on a refusal.
 */
import { Inject, Injectable } from '@nestjs/common';
import { RUNTIME_CONFIG, serviceDatabaseToken } from '@dcp/runtime';
import type { Segment } from '../recordings/segment';
import { type SegmentRow, toSegment } from '../recordings/segment.repository';
import type { StorageConfig } from '../storage-config';
import type { StorageDatabase } from '../storage-database.types';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

export interface UploadToAdmit {
  macAddr: string;
  userId: number;
  start: number;
  type: number;
  bytes: number;
  objectKey: string;
  nowMs: number;
  /** When the guard deletes the object if no row took it. */
  guardDue: Date;
}

export type Admission =
  | { kind: 'admitted' }
  | { kind: 'same'; segment: Segment }
  | { kind: 'out-of-order'; newestStart: number; toleranceSeconds: number }
  | { kind: 'over-quota' };

/** `guarded` runs with the statement though nothing reads it (PostgreSQL runs every data-modifying CTE once). */
type AdmissionRow = Partial<SegmentRow> & { newest: bigint | null; taken: boolean };

@Injectable()
export class UploadAdmission {
  constructor(
    @Inject(serviceDatabaseToken('storage')) private readonly db: StorageDatabase,
    @Inject(RUNTIME_CONFIG) private readonly config: Pick<StorageConfig, 'cameraUploads'>,
  ) {}

  async admit(u: UploadToAdmit): Promise<Admission> {
    const { quotaBytesPerDay, quotaSegmentsPerMinute, outOfOrderToleranceSeconds } = this.config.cameraUploads;
    const day = Math.floor(u.nowMs / DAY_MS);
    const minute = BigInt(Math.floor(u.nowMs / MINUTE_MS));
    const start = BigInt(u.start);
    // Every parameter cast: untyped, PostgreSQL would compare two of them as text.
    const rows = await this.db.client.$queryRaw<AdmissionRow[]>`
      WITH same AS (
        SELECT s.id::text AS id, s.mac_addr AS "macAddr", s.user_id AS "userId", s.start_epoch_s AS "startEpochS", s.duration_ms AS "durationMs",
          s.type, s.object_key AS "objectKey", s.bytes, s.created_at AS "createdAt"
        FROM "storage"."segment" AS s
        WHERE s.mac_addr = ${u.macAddr} AND s.user_id = ${u.userId}::int AND s.start_epoch_s = ${start}::bigint AND s.type = ${u.type}::int
      ), newest AS (
        SELECT max(start_epoch_s) AS newest FROM "storage"."segment" WHERE mac_addr = ${u.macAddr} AND user_id = ${u.userId}::int
      ), admitted AS (
        SELECT 1 WHERE NOT EXISTS (SELECT 1 FROM same)
          AND COALESCE((SELECT newest FROM newest) - ${outOfOrderToleranceSeconds}::bigint <= ${start}::bigint, true)
      ), taken AS (
        INSERT INTO "storage"."device_usage" AS usage (mac_addr, day, bytes, minute, minute_segments, segments)
        SELECT ${u.macAddr}, ${day}::int, ${u.bytes}::bigint, ${minute}::bigint, 1, 1 FROM admitted WHERE ${u.bytes}::bigint <= ${quotaBytesPerDay}::bigint
        ON CONFLICT (mac_addr, day) DO UPDATE SET
          bytes = usage.bytes + EXCLUDED.bytes,
          segments = usage.segments + 1,
          minute = EXCLUDED.minute,
          minute_segments = CASE WHEN usage.minute = EXCLUDED.minute THEN usage.minute_segments + 1 ELSE 1 END
        WHERE usage.bytes + EXCLUDED.bytes <= ${quotaBytesPerDay}::bigint AND (usage.minute <> EXCLUDED.minute OR usage.minute_segments < ${quotaSegmentsPerMinute}::int)
        RETURNING 1
      ), guarded AS (
        INSERT INTO "storage"."object_deletion" (object_key, not_before)
        SELECT ${u.objectKey}, ${u.guardDue}::timestamptz FROM taken
        ON CONFLICT (object_key) DO NOTHING
        RETURNING 1
      )
      SELECT (SELECT newest FROM newest) AS newest, EXISTS (SELECT 1 FROM taken) AS taken, same.*
      FROM (SELECT 1) AS one LEFT JOIN same ON true`;
    const row = rows[0];
    if (row?.id) return { kind: 'same', segment: toSegment(row as SegmentRow) };
    const newestStart = row?.newest === null || row?.newest === undefined ? undefined : Number(row.newest);
    if (newestStart !== undefined && u.start < newestStart - outOfOrderToleranceSeconds) return { kind: 'out-of-order', newestStart, toleranceSeconds: outOfOrderToleranceSeconds };
    return row?.taken ? { kind: 'admitted' } : { kind: 'over-quota' };
  }
}
