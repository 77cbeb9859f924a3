-- DropIndex
DROP INDEX "storage"."segment_user_id_idx";

-- CreateTable
CREATE TABLE "storage"."clip" (
    "mac_addr" VARCHAR(12) NOT NULL,
    "user_id" INTEGER NOT NULL,
    "start_epoch_s" BIGINT NOT NULL,
    "first_duration_ms" INTEGER NOT NULL,
    "first_segment_id" UUID NOT NULL,
    "last_start_epoch_s" BIGINT NOT NULL,
    "end_ms" BIGINT NOT NULL,
    "type" INTEGER NOT NULL,

    CONSTRAINT "clip_pkey" PRIMARY KEY ("mac_addr","user_id","start_epoch_s","first_duration_ms","first_segment_id")
);

-- CreateTable
CREATE TABLE "storage"."footage_hour" (
    "mac_addr" VARCHAR(12) NOT NULL,
    "user_id" INTEGER NOT NULL,
    "hour" INTEGER NOT NULL,
    "segments" INTEGER NOT NULL,
    "starts" INTEGER NOT NULL DEFAULT 0,
    "bytes" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "footage_hour_pkey" PRIMARY KEY ("mac_addr","user_id","hour")
);

-- CreateTable
CREATE TABLE "storage"."purge_job" (
    "id" BIGSERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "mac_addr" VARCHAR(12),
    "reason" TEXT NOT NULL,
    "event_id" UUID,
    "requested_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "cursor_mac" VARCHAR(12) NOT NULL DEFAULT '',
    "cursor_start" BIGINT NOT NULL DEFAULT 0,
    "purged" INTEGER NOT NULL DEFAULT 0,
    "batches" INTEGER NOT NULL DEFAULT 0,
    "done_at" TIMESTAMPTZ(3),

    CONSTRAINT "purge_job_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "clip_mac_addr_user_id_end_ms_idx" ON "storage"."clip"("mac_addr", "user_id", "end_ms");

-- CreateIndex
CREATE INDEX "purge_job_user_id_done_at_idx" ON "storage"."purge_job"("user_id", "done_at");

-- CreateIndex
CREATE INDEX "purge_job_done_at_id_idx" ON "storage"."purge_job"("done_at", "id");

-- CreateIndex
CREATE INDEX "segment_user_id_mac_addr_start_epoch_s_idx" ON "storage"."segment"("user_id", "mac_addr", "start_epoch_s");

-- The clips and hours of a device under an owner (both NULL: of every one) rebuilt from its segments
-- (decisions CS20), set-based: what this migration backfills, what a bulk loader that writes storage.segment
-- directly must call afterwards (the bench's scale loader), and an operator's repair. Clips exactly as
-- libs/storage/src/recordings/clips.ts groups segments (segment order start, duration, id; a segment continues
-- the run before it when it has the same type and starts at most p_tolerance_ms, clipGapToleranceSeconds,
-- after the run's latest end); within a run of one type, the latest end of its earlier segments decides (an
-- earlier clip of that run ended more than the tolerance before any later segment starts). Hours: each
-- segment counts for its start hour to the hour of its last millisecond (record.date.query), and its bytes
-- for its start hour alone (the operator's summary).
CREATE FUNCTION "storage"."rebuild_footage"(p_mac text, p_user int, p_tolerance_ms int DEFAULT 1000) RETURNS void
LANGUAGE sql AS $$
DELETE FROM "storage"."clip" WHERE (p_mac IS NULL OR mac_addr = p_mac) AND (p_user IS NULL OR user_id = p_user);
DELETE FROM "storage"."footage_hour" WHERE (p_mac IS NULL OR mac_addr = p_mac) AND (p_user IS NULL OR user_id = p_user);
WITH ordered AS (
  SELECT mac_addr, user_id, id, start_epoch_s, duration_ms, type, start_epoch_s * 1000 + duration_ms AS end_ms,
         CASE WHEN type IS DISTINCT FROM lag(type) OVER w THEN 1 ELSE 0 END AS type_change
  FROM "storage"."segment"
  WHERE (p_mac IS NULL OR mac_addr = p_mac) AND (p_user IS NULL OR user_id = p_user)
  WINDOW w AS (PARTITION BY mac_addr, user_id ORDER BY start_epoch_s, duration_ms, id)
), typed AS (
  SELECT *, sum(type_change) OVER (PARTITION BY mac_addr, user_id ORDER BY start_epoch_s, duration_ms, id) AS type_run
  FROM ordered
), bounded AS (
  SELECT *, CASE WHEN type_change = 1
                   OR start_epoch_s * 1000 > max(end_ms) OVER (PARTITION BY mac_addr, user_id, type_run ORDER BY start_epoch_s, duration_ms, id ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) + p_tolerance_ms
                 THEN 1 ELSE 0 END AS boundary
  FROM typed
), numbered AS (
  SELECT *, sum(boundary) OVER (PARTITION BY mac_addr, user_id ORDER BY start_epoch_s, duration_ms, id) AS clip_no
  FROM bounded
), runs AS (
  SELECT mac_addr, user_id, clip_no, max(start_epoch_s) AS last_start, max(end_ms) AS end_ms
  FROM numbered GROUP BY mac_addr, user_id, clip_no
)
INSERT INTO "storage"."clip" (mac_addr, user_id, start_epoch_s, first_duration_ms, first_segment_id, last_start_epoch_s, end_ms, type)
SELECT f.mac_addr, f.user_id, f.start_epoch_s, f.duration_ms, f.id, r.last_start, r.end_ms, f.type
FROM numbered f JOIN runs r ON r.mac_addr = f.mac_addr AND r.user_id = f.user_id AND r.clip_no = f.clip_no
WHERE f.boundary = 1;
INSERT INTO "storage"."footage_hour" (mac_addr, user_id, hour, segments, starts, bytes)
SELECT s.mac_addr, s.user_id, h.hour, count(*)::int,
       count(*) FILTER (WHERE h.hour = s.start_epoch_s / 3600)::int, coalesce(sum(s.bytes) FILTER (WHERE h.hour = s.start_epoch_s / 3600), 0)
FROM "storage"."segment" s,
  LATERAL generate_series((s.start_epoch_s / 3600)::int, greatest(s.start_epoch_s / 3600, (s.start_epoch_s * 1000 + s.duration_ms - 1) / 3600000)::int) AS h(hour)
WHERE (p_mac IS NULL OR s.mac_addr = p_mac) AND (p_user IS NULL OR s.user_id = p_user)
GROUP BY s.mac_addr, s.user_id, h.hour;
$$;

-- Backfill: the segments already stored.
SELECT "storage"."rebuild_footage"(NULL, NULL);

-- An upload's row with its summaries in one statement (decisions CU12, PF4): under the device and owner's
-- footage lock, a segment starting after the last clip's last segment is stored, its guard deletion removed,
-- its hours counted and the last clip extended (same type, within the 1 s tolerance: p_tolerance_ms) or a
-- new clip added. Anything else answers 'out-of-order' without storing: the caller stores it in a
-- transaction that refolds the clips around it (libs/storage/src/recordings/footage-index.ts). 'duplicate':
-- the same device, owner, start and type are stored already.
CREATE FUNCTION "storage"."append_segment"(
  p_id uuid, p_mac text, p_user int, p_start bigint, p_duration int, p_type int, p_key text, p_bytes int,
  p_first_hour int, p_last_hour int, p_tolerance_ms int
) RETURNS TABLE (
  outcome text, id text, "macAddr" text, "userId" int, "startEpochS" float8, "durationMs" int, type int,
  "objectKey" text, bytes int, "createdAt" timestamptz
) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  c "storage"."clip"%ROWTYPE;
  has_clip boolean;
  s "storage"."segment"%ROWTYPE;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('storage.footage'), hashtext(p_mac || ':' || p_user::text));
  SELECT * INTO c FROM "storage"."clip" AS k WHERE k.mac_addr = p_mac AND k.user_id = p_user
    ORDER BY k.start_epoch_s DESC, k.first_duration_ms DESC, k.first_segment_id DESC LIMIT 1;
  has_clip := FOUND;
  IF has_clip AND p_start <= c.last_start_epoch_s THEN
    RETURN QUERY SELECT 'out-of-order'::text, NULL::text, NULL::text, NULL::int, NULL::float8, NULL::int, NULL::int, NULL::text, NULL::int, NULL::timestamptz;
    RETURN;
  END IF;
  INSERT INTO "storage"."segment" AS g (id, mac_addr, user_id, start_epoch_s, duration_ms, type, object_key, bytes)
  VALUES (p_id, p_mac, p_user, p_start, p_duration, p_type, p_key, p_bytes)
  ON CONFLICT (mac_addr, user_id, start_epoch_s, type) DO NOTHING
  RETURNING g.* INTO s;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'duplicate'::text, NULL::text, NULL::text, NULL::int, NULL::float8, NULL::int, NULL::int, NULL::text, NULL::int, NULL::timestamptz;
    RETURN;
  END IF;
  DELETE FROM "storage"."object_deletion" AS d WHERE d.object_key = p_key;
  INSERT INTO "storage"."footage_hour" AS f (mac_addr, user_id, hour, segments, starts, bytes)
  SELECT p_mac, p_user, h, 1, (h = p_first_hour)::int, CASE WHEN h = p_first_hour THEN p_bytes ELSE 0 END
  FROM generate_series(p_first_hour, p_last_hour) AS h
  ON CONFLICT (mac_addr, user_id, hour) DO UPDATE SET segments = f.segments + 1, starts = f.starts + EXCLUDED.starts, bytes = f.bytes + EXCLUDED.bytes;
  IF has_clip AND c.type = p_type AND p_start * 1000 <= c.end_ms + p_tolerance_ms THEN
    UPDATE "storage"."clip" AS k SET last_start_epoch_s = p_start, end_ms = greatest(k.end_ms, p_start * 1000 + p_duration)
    WHERE k.mac_addr = p_mac AND k.user_id = p_user AND k.start_epoch_s = c.start_epoch_s
      AND k.first_duration_ms = c.first_duration_ms AND k.first_segment_id = c.first_segment_id;
  ELSE
    INSERT INTO "storage"."clip" (mac_addr, user_id, start_epoch_s, first_duration_ms, first_segment_id, last_start_epoch_s, end_ms, type)
    VALUES (p_mac, p_user, p_start, p_duration, p_id, p_start, p_start * 1000 + p_duration, p_type);
  END IF;
  RETURN QUERY SELECT 'stored'::text, s.id::text, s.mac_addr::text, s.user_id, s.start_epoch_s::float8, s.duration_ms, s.type, s.object_key, s.bytes, s.created_at::timestamptz;
END
$$;
