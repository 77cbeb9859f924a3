-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "storage";

-- CreateTable
CREATE TABLE "storage"."segment" (
    "id" UUID NOT NULL,
    "mac_addr" VARCHAR(17) NOT NULL,
    "user_id" INTEGER NOT NULL,
    "start_epoch_s" BIGINT NOT NULL,
    "duration_ms" INTEGER NOT NULL,
    "type" INTEGER NOT NULL,
    "object_key" TEXT NOT NULL,
    "bytes" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "segment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "storage"."object_deletion" (
    "object_key" TEXT NOT NULL,
    "not_before" TIMESTAMPTZ(3) NOT NULL,
    "enqueued_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,

    CONSTRAINT "object_deletion_pkey" PRIMARY KEY ("object_key")
);

-- CreateTable
CREATE TABLE "storage"."outbox_event" (
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
CREATE TABLE "storage"."inbox_event" (
    "durable" TEXT NOT NULL,
    "event_id" UUID NOT NULL,
    "processed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "inbox_event_pkey" PRIMARY KEY ("durable","event_id")
);

-- CreateTable
CREATE TABLE "storage"."dead_letter_event" (
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
CREATE INDEX "segment_mac_addr_user_id_start_epoch_s_idx" ON "storage"."segment"("mac_addr", "user_id", "start_epoch_s");

-- CreateIndex
CREATE INDEX "segment_user_id_idx" ON "storage"."segment"("user_id");

-- CreateIndex
CREATE INDEX "segment_start_epoch_s_idx" ON "storage"."segment"("start_epoch_s");

-- CreateIndex
CREATE INDEX "object_deletion_not_before_idx" ON "storage"."object_deletion"("not_before");

-- CreateIndex
CREATE INDEX "outbox_event_published_at_seq_idx" ON "storage"."outbox_event"("published_at", "seq");

-- CreateIndex
CREATE INDEX "dead_letter_event_durable_created_at_idx" ON "storage"."dead_letter_event"("durable", "created_at");
