/**
 * What an upload checks before its bytes are written (decisions CU5, CU7), in one statement: the segment
 * already stored at its idempotency key (device, owner, start second, type), the start of the owner's newest
 * one (out of order beyond the tolerance is refused), then — only when both pass — the device's quotas are
 * counted in storage.device_usage (one conditional upsert: replicas share one count, a device's uploads
 * serialise only on their own row) and the upload's object is guarded (its deletion queued, due after
 * UPLOAD_GRACE_MS, removed by the row's insert; object-deletions.ts). Nothing is counted or queued on a refusal.
 */
import { Inject, Injectable } from '@nestjs/common';
import { hotStatement } from '@dcp/database';
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
type AdmissionRow = Partial<SegmentRow> & { newest: number | null; taken: boolean };

/**
 * A hot statement (decisions PF4): one per upload, planned once per connection. `guarded` runs with the
 * statement though nothing reads it (PostgreSQL runs every data-modifying CTE once). Epoch seconds come back as
 * float8 (exact for them), which both database paths answer as a number.
 * $1 MAC, $2 owner, $3 start, $4 type, $5 out-of-order tolerance (s), $6 UTC day, $7 bytes, $8 minute,
 * $9 bytes a day, $10 segments a minute, $11 object key, $12 when the guard is due.
 */
const ADMIT = hotStatement<AdmissionRow>(
  'storage.upload-admission',
  `WITH same AS (
     SELECT s.id::text AS id, s.mac_addr AS "macAddr", s.user_id AS "userId", s.start_epoch_s::float8 AS "startEpochS", s.duration_ms AS "durationMs",
       s.type, s.object_key AS "objectKey", s.bytes, s.created_at AS "createdAt"
     FROM "storage"."segment" AS s
     WHERE s.mac_addr = $1 AND s.user_id = $2::int AND s.start_epoch_s = $3::bigint AND s.type = $4::int
   ), newest AS (
     SELECT max(start_epoch_s) AS newest FROM "storage"."segment" WHERE mac_addr = $1 AND user_id = $2::int
   ), admitted AS (
     SELECT 1 WHERE NOT EXISTS (SELECT 1 FROM same) AND COALESCE((SELECT newest FROM newest) - $5::bigint <= $3::bigint, true)
   ), taken AS (
     INSERT INTO "storage"."device_usage" AS usage (mac_addr, day, bytes, minute, minute_segments, segments)
     SELECT $1, $6::int, $7::bigint, $8::bigint, 1, 1 FROM admitted WHERE $7::bigint <= $9::bigint
     ON CONFLICT (mac_addr, day) DO UPDATE SET
       bytes = usage.bytes + EXCLUDED.bytes,
       segments = usage.segments + 1,
       minute = EXCLUDED.minute,
       minute_segments = CASE WHEN usage.minute = EXCLUDED.minute THEN usage.minute_segments + 1 ELSE 1 END
     WHERE usage.bytes + EXCLUDED.bytes <= $9::bigint AND (usage.minute <> EXCLUDED.minute OR usage.minute_segments < $10::int)
     RETURNING 1
   ), guarded AS (
     INSERT INTO "storage"."object_deletion" (object_key, not_before)
     SELECT $11, $12::timestamptz FROM taken
     ON CONFLICT (object_key) DO NOTHING
     RETURNING 1
   )
   SELECT (SELECT newest FROM newest)::float8 AS newest, EXISTS (SELECT 1 FROM taken) AS taken, same.*
   FROM (SELECT 1) AS one LEFT JOIN same ON true`,
);

@Injectable()
export class UploadAdmission {
  constructor(
    @Inject(serviceDatabaseToken('storage')) private readonly db: StorageDatabase,
    @Inject(RUNTIME_CONFIG) private readonly config: Pick<StorageConfig, 'cameraUploads'>,
  ) {}

  async admit(u: UploadToAdmit): Promise<Admission> {
    const { quotaBytesPerDay, quotaSegmentsPerMinute, outOfOrderToleranceSeconds } = this.config.cameraUploads;
    const day = Math.floor(u.nowMs / DAY_MS);
    const minute = Math.floor(u.nowMs / MINUTE_MS);
    const [row] = await this.db.run(ADMIT, [u.macAddr, u.userId, u.start, u.type, outOfOrderToleranceSeconds, day, u.bytes, minute, quotaBytesPerDay, quotaSegmentsPerMinute, u.objectKey, u.guardDue]);
    if (row?.id) return { kind: 'same', segment: toSegment(row as SegmentRow) };
    const newestStart = row?.newest === null || row?.newest === undefined ? undefined : Number(row.newest);
    if (newestStart !== undefined && u.start < newestStart - outOfOrderToleranceSeconds) return { kind: 'out-of-order', newestStart, toleranceSeconds: outOfOrderToleranceSeconds };
    return row?.taken ? { kind: 'admitted' } : { kind: 'over-quota' };
  }
}
