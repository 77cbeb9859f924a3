-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "sso";

-- CreateEnum
CREATE TYPE "sso"."token_kind" AS ENUM ('ACCESS', 'REFRESH');

-- CreateTable
CREATE TABLE "sso"."merchant" (
    "id" SERIAL NOT NULL,
    "client_id" VARCHAR(40) NOT NULL,
    "name" VARCHAR(200) NOT NULL,
    "token_validation_url" VARCHAR(2048) NOT NULL,
    "user_profile_url" VARCHAR(2048) NOT NULL,
    "secret_ciphertext" TEXT NOT NULL,
    "previous_secret_ciphertext" TEXT,
    "previous_secret_expires_at" TIMESTAMPTZ(3),
    "access_token_ttl_seconds" INTEGER NOT NULL,
    "refresh_token_ttl_seconds" INTEGER NOT NULL,
    "refresh_token_rotation" BOOLEAN NOT NULL DEFAULT false,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "merchant_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sso"."user" (
    "id" SERIAL NOT NULL,
    "merchant_id" INTEGER NOT NULL,
    "uuid" VARCHAR(128) NOT NULL,
    "open_id" VARCHAR(40) NOT NULL,
    "username" VARCHAR(320) NOT NULL,
    "name" VARCHAR(200) NOT NULL,
    "nickname" VARCHAR(200) NOT NULL DEFAULT '',
    "phone" VARCHAR(64) NOT NULL DEFAULT '',
    "country" VARCHAR(64) NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "user_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sso"."token" (
    "id" SERIAL NOT NULL,
    "hash" CHAR(64) NOT NULL,
    "kind" "sso"."token_kind" NOT NULL,
    "user_id" INTEGER NOT NULL,
    "family" UUID NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "consumed_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "token_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sso"."used_signature" (
    "sign" VARCHAR(64) NOT NULL,
    "client_id" VARCHAR(40) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "used_signature_pkey" PRIMARY KEY ("sign")
);

-- CreateTable
CREATE TABLE "sso"."outbox_event" (
    "id" UUID NOT NULL,
    "subject" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "published_at" TIMESTAMPTZ(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,

    CONSTRAINT "outbox_event_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "merchant_client_id_key" ON "sso"."merchant"("client_id");

-- CreateIndex
CREATE UNIQUE INDEX "user_open_id_key" ON "sso"."user"("open_id");

-- CreateIndex
CREATE UNIQUE INDEX "user_merchant_id_uuid_key" ON "sso"."user"("merchant_id", "uuid");

-- CreateIndex
CREATE UNIQUE INDEX "token_hash_key" ON "sso"."token"("hash");

-- CreateIndex
CREATE INDEX "token_user_id_idx" ON "sso"."token"("user_id");

-- CreateIndex
CREATE INDEX "token_family_idx" ON "sso"."token"("family");

-- CreateIndex
CREATE INDEX "token_expires_at_idx" ON "sso"."token"("expires_at");

-- CreateIndex
CREATE INDEX "used_signature_expires_at_idx" ON "sso"."used_signature"("expires_at");

-- CreateIndex
CREATE INDEX "outbox_event_published_at_created_at_idx" ON "sso"."outbox_event"("published_at", "created_at");

-- AddForeignKey
ALTER TABLE "sso"."user" ADD CONSTRAINT "user_merchant_id_fkey" FOREIGN KEY ("merchant_id") REFERENCES "sso"."merchant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sso"."token" ADD CONSTRAINT "token_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "sso"."user"("id") ON DELETE CASCADE ON UPDATE CASCADE;
