-- The audit log of changing admin calls (docs/decisions.md AU3–AU6): one row per POST/PUT/PATCH/DELETE under
-- /admin/v1, recorded by the edge before forwarding (result pending) and completed with the answer; listed newest
-- first (requested_at, then seq), by actor; purged by requested_at after AUDIT_RETENTION_DAYS.
-- CreateTable
CREATE TABLE "sso"."admin_audit_entry" (
    "id" UUID NOT NULL,
    "seq" BIGSERIAL NOT NULL,
    "requested_at" TIMESTAMPTZ(3) NOT NULL,
    "completed_at" TIMESTAMPTZ(3),
    "actor_name" VARCHAR(64) NOT NULL,
    "actor_role" VARCHAR(16) NOT NULL,
    "method" VARCHAR(8) NOT NULL,
    "route" VARCHAR(2048),
    "operation_id" VARCHAR(200),
    "tag" VARCHAR(64),
    "path" VARCHAR(2048) NOT NULL,
    "params" JSONB NOT NULL,
    "query" JSONB NOT NULL,
    "body" JSONB,
    "body_bytes" INTEGER,
    "request_id" VARCHAR(128),
    "result" VARCHAR(10) NOT NULL,
    "status" INTEGER,
    "error_code" VARCHAR(16),

    CONSTRAINT "admin_audit_entry_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "admin_audit_entry_requested_at_idx" ON "sso"."admin_audit_entry"("requested_at");

-- CreateIndex
CREATE INDEX "admin_audit_entry_actor_name_requested_at_idx" ON "sso"."admin_audit_entry"("actor_name", "requested_at");
