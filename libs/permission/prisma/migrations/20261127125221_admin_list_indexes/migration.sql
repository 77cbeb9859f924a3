-- The operator's grant list by plan (permissionCode), in id order.
-- CreateIndex
CREATE INDEX "grant_permission_id_id_idx" ON "permission"."grant"("permission_id", "id");

-- The grant list by state, in id order (libs/permission/src/grants/grant.repository.ts writes its conditions as
-- these predicates, so the planner proves them). Active and over share one index: an activated grant's end,
-- COALESCE(end_time, 'infinity'), is its second column, so the walk skips the other state's grants in the index
-- without reading the table. Prisma cannot describe partial indexes (it leaves them alone).
CREATE INDEX "grant_waiting_id_idx" ON "permission"."grant"("id") WHERE "grant_status" = 1 AND "revoked_at" IS NULL;
CREATE INDEX "grant_activated_id_idx" ON "permission"."grant"("id", (COALESCE("end_time", 'infinity'::timestamptz))) WHERE "grant_status" = 3 AND "revoked_at" IS NULL;
CREATE INDEX "grant_revoked_id_idx" ON "permission"."grant"("id") WHERE "revoked_at" IS NOT NULL;

-- streamIds still under an old SECRETS_KEY (decisions SK5): the ciphertext's key prefix with the row's id, so the
-- re-encryption at start probes this index instead of scanning the table (libs/runtime/src/database/stale-ciphertexts.ts).
CREATE INDEX "camera_stream_stream_key_prefix_idx" ON "permission"."camera_stream"(left("stream_ciphertext", 12), "id");
