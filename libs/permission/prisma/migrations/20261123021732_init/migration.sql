-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "permission";

-- CreateTable
CREATE TABLE "permission"."permission" (
    "id" SERIAL NOT NULL,
    "permission_code" VARCHAR(64) NOT NULL,
    "permission_name" VARCHAR(200) NOT NULL,
    "permission_type" SMALLINT NOT NULL,
    "duration_days" INTEGER NOT NULL,
    "belong_server" VARCHAR(64) NOT NULL DEFAULT '',
    "channel_count" INTEGER NOT NULL DEFAULT 1,
    "bpi" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "permission_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "permission"."grant" (
    "id" BIGSERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "open_id" VARCHAR(40) NOT NULL,
    "permission_id" INTEGER NOT NULL,
    "ipc_mac" VARCHAR(17),
    "grant_status" SMALLINT NOT NULL,
    "init_time" TIMESTAMPTZ(3) NOT NULL,
    "start_time" TIMESTAMPTZ(3),
    "end_time" TIMESTAMPTZ(3),
    "exception_info" VARCHAR(1024),
    "app_client_version" VARCHAR(50),
    "revoked_at" TIMESTAMPTZ(3),
    "revoke_reason" VARCHAR(32),

    CONSTRAINT "grant_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "permission"."outbox_event" (
    "id" UUID NOT NULL,
    "subject" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "seq" BIGSERIAL NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "published_at" TIMESTAMPTZ(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,

    CONSTRAINT "outbox_event_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "permission"."inbox_event" (
    "durable" TEXT NOT NULL,
    "event_id" UUID NOT NULL,
    "processed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "inbox_event_pkey" PRIMARY KEY ("durable","event_id")
);

-- CreateTable
CREATE TABLE "permission"."dead_letter_event" (
    "id" UUID NOT NULL,
    "durable" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "event_id" UUID,
    "payload" JSONB NOT NULL,
    "deliveries" INTEGER NOT NULL,
    "error" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "resolved_at" TIMESTAMPTZ(3),

    CONSTRAINT "dead_letter_event_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "permission_permission_code_key" ON "permission"."permission"("permission_code");

-- CreateIndex
CREATE INDEX "grant_user_id_grant_status_idx" ON "permission"."grant"("user_id", "grant_status");

-- CreateIndex
CREATE INDEX "grant_user_id_ipc_mac_idx" ON "permission"."grant"("user_id", "ipc_mac");

-- CreateIndex
CREATE INDEX "outbox_event_published_at_seq_idx" ON "permission"."outbox_event"("published_at", "seq");

-- CreateIndex
CREATE INDEX "dead_letter_event_durable_created_at_idx" ON "permission"."dead_letter_event"("durable", "created_at");

-- AddForeignKey
ALTER TABLE "permission"."grant" ADD CONSTRAINT "grant_permission_id_fkey" FOREIGN KEY ("permission_id") REFERENCES "permission"."permission"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
