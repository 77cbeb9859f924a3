-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "push";

-- CreateTable
CREATE TABLE "push"."alarm_message" (
    "id" UUID NOT NULL,
    "user_id" INTEGER NOT NULL,
    "mac_addr" VARCHAR(12) NOT NULL,
    "type" INTEGER NOT NULL,
    "first_at" TIMESTAMPTZ(3) NOT NULL,
    "last_at" TIMESTAMPTZ(3) NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 1,
    "received_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "read_at" TIMESTAMPTZ(3),
    "picture_bytes" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "alarm_message_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "push"."alarm_picture" (
    "message_id" UUID NOT NULL,
    "jpeg" BYTEA NOT NULL,

    CONSTRAINT "alarm_picture_pkey" PRIMARY KEY ("message_id")
);

-- CreateTable
CREATE TABLE "push"."alarm_rate" (
    "key" VARCHAR(40) NOT NULL,
    "minute" BIGINT NOT NULL,
    "posts" INTEGER NOT NULL,

    CONSTRAINT "alarm_rate_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "push"."outbox_event" (
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
CREATE TABLE "push"."inbox_event" (
    "durable" TEXT NOT NULL,
    "event_id" UUID NOT NULL,
    "processed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "inbox_event_pkey" PRIMARY KEY ("durable","event_id")
);

-- CreateTable
CREATE TABLE "push"."dead_letter_event" (
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
CREATE INDEX "alarm_message_user_id_last_at_idx" ON "push"."alarm_message"("user_id", "last_at" DESC);

-- CreateIndex
CREATE INDEX "alarm_message_mac_addr_user_id_type_updated_at_idx" ON "push"."alarm_message"("mac_addr", "user_id", "type", "updated_at" DESC);

-- CreateIndex
CREATE INDEX "alarm_message_received_at_idx" ON "push"."alarm_message"("received_at");

-- CreateIndex
CREATE INDEX "outbox_event_published_at_seq_idx" ON "push"."outbox_event"("published_at", "seq");

-- CreateIndex
CREATE INDEX "dead_letter_event_durable_created_at_idx" ON "push"."dead_letter_event"("durable", "created_at");

-- AddForeignKey
ALTER TABLE "push"."alarm_picture" ADD CONSTRAINT "alarm_picture_message_id_fkey" FOREIGN KEY ("message_id") REFERENCES "push"."alarm_message"("id") ON DELETE CASCADE ON UPDATE CASCADE;
