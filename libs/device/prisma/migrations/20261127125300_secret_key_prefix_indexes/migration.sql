-- Secrets still under an old SECRETS_KEY (decisions SK5): the key prefix of each ciphertext (`v2.<key id>.`, the
-- first 12 characters) with the row's id, so "which rows are not under the current key?" is two index range scans
-- beside the current prefix, not a scan of the table at every start (libs/runtime/src/database/stale-ciphertexts.ts).
-- Prisma cannot describe expression indexes (it leaves them alone): this migration is written by hand.
CREATE INDEX "device_password_key_prefix_idx" ON "device"."device"(left("password_ciphertext", 12), "id");
CREATE INDEX "manufacturer_del_key_prefix_idx" ON "device"."manufacturer"(left("del_key_ciphertext", 12), "id");
