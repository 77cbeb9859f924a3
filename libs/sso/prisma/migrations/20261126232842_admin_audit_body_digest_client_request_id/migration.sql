-- A refused admin call is recorded with its body's size and SHA-256 instead of the body (docs/decisions.md SDB1),
-- and the platform's own request id beside the caller's x-request-id (SDB3). Existing rows keep null in both.
-- AlterTable
ALTER TABLE "sso"."admin_audit_entry" ADD COLUMN     "body_sha256" VARCHAR(64),
ADD COLUMN     "client_request_id" VARCHAR(128);
