-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "device";

-- CreateTable
CREATE TABLE "device"."manufacturer" (
    "id" SERIAL NOT NULL,
    "oem_code" VARCHAR(20) NOT NULL,
    "name" VARCHAR(200) NOT NULL,
    "del_key_ciphertext" TEXT NOT NULL,
    "del_key_rotated_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "manufacturer_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "device"."device" (
    "id" SERIAL NOT NULL,
    "mac_addr" VARCHAR(17) NOT NULL,
    "user_id" INTEGER NOT NULL,
    "device_name" VARCHAR(50) NOT NULL,
    "product_name" VARCHAR(50) NOT NULL,
    "username" VARCHAR(64) NOT NULL,
    "password_ciphertext" TEXT NOT NULL,
    "hasusertag" SMALLINT NOT NULL,
    "support_store" SMALLINT NOT NULL,
    "support_rich_media" SMALLINT NOT NULL,
    "oem_code" VARCHAR(20) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "device_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "device"."used_force_sign" (
    "oem_code" VARCHAR(20) NOT NULL,
    "sign" VARCHAR(64) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "used_force_sign_pkey" PRIMARY KEY ("oem_code","sign")
);

-- CreateTable
CREATE TABLE "device"."outbox_event" (
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
CREATE TABLE "device"."inbox_event" (
    "durable" TEXT NOT NULL,
    "event_id" UUID NOT NULL,
    "processed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "inbox_event_pkey" PRIMARY KEY ("durable","event_id")
);

-- CreateTable
CREATE TABLE "device"."dead_letter_event" (
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
CREATE UNIQUE INDEX "manufacturer_oem_code_key" ON "device"."manufacturer"("oem_code");

-- CreateIndex
CREATE UNIQUE INDEX "device_mac_addr_key" ON "device"."device"("mac_addr");

-- CreateIndex
CREATE INDEX "device_user_id_id_idx" ON "device"."device"("user_id", "id");

-- CreateIndex
CREATE INDEX "used_force_sign_expires_at_idx" ON "device"."used_force_sign"("expires_at");

-- CreateIndex
CREATE INDEX "outbox_event_published_at_seq_idx" ON "device"."outbox_event"("published_at", "seq");

-- CreateIndex
CREATE INDEX "dead_letter_event_durable_created_at_idx" ON "device"."dead_letter_event"("durable", "created_at");
