-- The audit list walks one of these backwards, newest first (requested_at DESC, seq DESC), its filter the leading
-- column: every entry or a time range, one actor, one tag, one result. Created before the old ones are dropped.

-- CreateIndex
CREATE INDEX "admin_audit_entry_requested_at_seq_idx" ON "sso"."admin_audit_entry"("requested_at", "seq");

-- CreateIndex
CREATE INDEX "admin_audit_entry_actor_name_requested_at_seq_idx" ON "sso"."admin_audit_entry"("actor_name", "requested_at", "seq");

-- CreateIndex
CREATE INDEX "admin_audit_entry_tag_requested_at_seq_idx" ON "sso"."admin_audit_entry"("tag", "requested_at", "seq");

-- CreateIndex
CREATE INDEX "admin_audit_entry_result_requested_at_seq_idx" ON "sso"."admin_audit_entry"("result", "requested_at", "seq");

-- DropIndex
DROP INDEX "sso"."admin_audit_entry_actor_name_requested_at_idx";

-- DropIndex
DROP INDEX "sso"."admin_audit_entry_requested_at_idx";

-- Secrets still under an old SECRETS_KEY (decisions SK5): the key prefix of each ciphertext (`v2.<key id>.`, the
-- first 12 characters) with the row's id, so "which rows are not under the current key?" is two index range scans
-- beside the current prefix, not a scan of the table at every start. Prisma cannot describe expression indexes
-- (it leaves them alone); the code that uses them is libs/runtime/src/database/stale-ciphertexts.ts.
CREATE INDEX "merchant_secret_key_prefix_idx" ON "sso"."merchant"(left("secret_ciphertext", 12), "id");
CREATE INDEX "merchant_previous_secret_key_prefix_idx" ON "sso"."merchant"(left("previous_secret_ciphertext", 12), "id");
CREATE INDEX "sub_service_info_subtoken_key_prefix_idx" ON "sso"."sub_service_info"(left("subtoken_ciphertext", 12), "user_id");
