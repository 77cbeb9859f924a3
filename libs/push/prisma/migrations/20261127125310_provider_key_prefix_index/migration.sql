-- Push provider credentials still under an old SECRETS_KEY (decisions SK5): the ciphertext's key prefix (its first
-- 12 characters) with the row's id, so the re-encryption at start probes this index instead of scanning the table
-- (libs/runtime/src/database/stale-ciphertexts.ts). Prisma cannot describe expression indexes (it leaves them
-- alone): this migration is written by hand.
CREATE INDEX "push_provider_key_prefix_idx" ON "push"."push_provider"(left("ciphertext", 12), "id");
