-- DropIndex
DROP INDEX "firmware"."rollout_check_model_id_last_seen_at_idx";

-- CreateTable
CREATE TABLE "firmware"."rollout_device" (
    "model_id" INTEGER NOT NULL,
    "mac_addr" VARCHAR(12) NOT NULL,
    "counted_in" JSONB NOT NULL DEFAULT '{}',

    CONSTRAINT "rollout_device_pkey" PRIMARY KEY ("model_id","mac_addr")
);

-- CreateTable
CREATE TABLE "firmware"."rollout_summary" (
    "model_id" INTEGER NOT NULL,
    "hour_start" TIMESTAMPTZ(3) NOT NULL,
    "dimension" VARCHAR(8) NOT NULL,
    "value" VARCHAR(43) NOT NULL,
    "devices" INTEGER NOT NULL,

    CONSTRAINT "rollout_summary_pkey" PRIMARY KEY ("model_id","hour_start","dimension","value")
);

-- CreateIndex
CREATE INDEX "rollout_summary_hour_start_idx" ON "firmware"."rollout_summary"("hour_start");

-- Backfill (docs/decisions.md F24). firmware.rebuild_rollout_summary(model, or NULL for every model) recomputes
-- the rollout_device and rollout_summary rows of a model from its rollout_check rows: each device with rows gets
-- its row with, per breakdown of the progress view it belongs to (all devices, its answers, the releases it was
-- offered, the system and application versions it asked from), the hour of its latest answer there, as
-- {"<dimension>:<value>": <start of the hour, epoch ms>} — what libs/firmware/src/progress/rollout-summary.ts
-- works out for every later change; the summary then counts those devices per model, breakdown and hour. It
-- locks the three tables against writes (EXCLUSIVE: reads go on) until the calling transaction ends, so the
-- service's flushes and purges wait rather than race it. A bulk load writing rollout_check directly must run it
-- for the models it loaded. The script is one transaction (the migrator sends it as one multi-statement query):
-- it applies entirely or not at all.
CREATE FUNCTION "firmware"."rebuild_rollout_summary"(p_model_id int) RETURNS void
LANGUAGE sql AS $$
LOCK TABLE "firmware"."rollout_check", "firmware"."rollout_device", "firmware"."rollout_summary" IN EXCLUSIVE MODE;
DELETE FROM "firmware"."rollout_summary" WHERE p_model_id IS NULL OR "model_id" = p_model_id;
DELETE FROM "firmware"."rollout_device" WHERE p_model_id IS NULL OR "model_id" = p_model_id;
INSERT INTO "firmware"."rollout_device" ("model_id", "mac_addr", "counted_in")
SELECT "model_id", "mac_addr",
       jsonb_object_agg("dimension" || ':' || "value", (extract(epoch FROM date_bin('1 hour', "latest", TIMESTAMPTZ '2000-01-01 00:00:00+00')) * 1000)::bigint)
FROM (
  SELECT c."model_id", c."mac_addr", b."dimension", b."value", max(c."last_seen_at") AS "latest"
  FROM "firmware"."rollout_check" c
  CROSS JOIN LATERAL (VALUES ('devices', ''), ('outcome', c."outcome"), ('system', c."from_system"), ('app', c."from_app"),
                             ('release', CASE WHEN c."outcome" = 'offered' THEN c."offered_release_id"::text END)) AS b("dimension", "value")
  WHERE b."value" IS NOT NULL AND (p_model_id IS NULL OR c."model_id" = p_model_id)
  GROUP BY c."model_id", c."mac_addr", b."dimension", b."value"
) AS "latest_by_breakdown"
GROUP BY "model_id", "mac_addr";
INSERT INTO "firmware"."rollout_summary" ("model_id", "hour_start", "dimension", "value", "devices")
SELECT d."model_id", to_timestamp(e."value"::numeric / 1000), split_part(e."key", ':', 1), substr(e."key", strpos(e."key", ':') + 1), count(*)::int
FROM "firmware"."rollout_device" d
CROSS JOIN LATERAL jsonb_each_text(d."counted_in") AS e
WHERE p_model_id IS NULL OR d."model_id" = p_model_id
GROUP BY 1, 2, 3, 4;
$$;

SELECT "firmware"."rebuild_rollout_summary"(NULL);
