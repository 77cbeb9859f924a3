-- AlterTable
ALTER TABLE "push"."alarm_message" ADD COLUMN     "client_id" VARCHAR(64) NOT NULL DEFAULT '';

-- CreateTable
CREATE TABLE "push"."push_endpoint" (
    "id" UUID NOT NULL,
    "user_id" INTEGER NOT NULL,
    "client_id" VARCHAR(64) NOT NULL,
    "user_uuid" VARCHAR(64) NOT NULL,
    "provider" VARCHAR(8) NOT NULL,
    "token" VARCHAR(512) NOT NULL,
    "mac_addrs" VARCHAR(12)[],
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "last_delivered_at" TIMESTAMPTZ(3),

    CONSTRAINT "push_endpoint_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "push"."push_switch" (
    "user_id" INTEGER NOT NULL,
    "mac_addr" VARCHAR(12) NOT NULL,
    "type" INTEGER NOT NULL,
    "enabled" BOOLEAN NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "push_switch_pkey" PRIMARY KEY ("user_id","mac_addr","type")
);

-- CreateTable
CREATE TABLE "push"."push_provider" (
    "id" SERIAL NOT NULL,
    "client_id" VARCHAR(64) NOT NULL,
    "provider" VARCHAR(8) NOT NULL,
    "ciphertext" TEXT NOT NULL,
    "summary" JSONB NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "push_provider_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "push"."push_merchant_setting" (
    "client_id" VARCHAR(64) NOT NULL,
    "retention_days" INTEGER,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "push_merchant_setting_pkey" PRIMARY KEY ("client_id")
);

-- CreateTable
CREATE TABLE "push"."push_delivery" (
    "id" UUID NOT NULL,
    "message_id" UUID NOT NULL,
    "endpoint_id" UUID,
    "client_id" VARCHAR(64) NOT NULL,
    "provider" VARCHAR(8) NOT NULL,
    "state" VARCHAR(16) NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "sent_at" TIMESTAMPTZ(3),
    "last_error" VARCHAR(300),

    CONSTRAINT "push_delivery_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "push_endpoint_user_id_idx" ON "push"."push_endpoint"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "push_endpoint_client_id_provider_token_key" ON "push"."push_endpoint"("client_id", "provider", "token");

-- CreateIndex
CREATE UNIQUE INDEX "push_provider_client_id_provider_key" ON "push"."push_provider"("client_id", "provider");

-- CreateIndex
CREATE INDEX "push_delivery_state_next_attempt_at_idx" ON "push"."push_delivery"("state", "next_attempt_at");

-- CreateIndex
CREATE INDEX "push_delivery_message_id_idx" ON "push"."push_delivery"("message_id");

-- CreateIndex
CREATE INDEX "push_delivery_endpoint_id_idx" ON "push"."push_delivery"("endpoint_id");

-- CreateIndex
CREATE INDEX "push_delivery_client_id_updated_at_idx" ON "push"."push_delivery"("client_id", "updated_at");

-- AddForeignKey
ALTER TABLE "push"."push_delivery" ADD CONSTRAINT "push_delivery_message_id_fkey" FOREIGN KEY ("message_id") REFERENCES "push"."alarm_message"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "push"."push_delivery" ADD CONSTRAINT "push_delivery_endpoint_id_fkey" FOREIGN KEY ("endpoint_id") REFERENCES "push"."push_endpoint"("id") ON DELETE SET NULL ON UPDATE CASCADE;
