-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "firmware";

-- CreateTable
CREATE TABLE "firmware"."firmware_model" (
    "id" SERIAL NOT NULL,
    "machine_type_name" VARCHAR(50) NOT NULL,
    "smart_upgrade" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "firmware_model_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "firmware"."firmware_release" (
    "id" SERIAL NOT NULL,
    "model_id" INTEGER NOT NULL,
    "type" SMALLINT NOT NULL,
    "version1" INTEGER NOT NULL,
    "version2" VARCHAR(32) NOT NULL,
    "version3" INTEGER NOT NULL,
    "version4" INTEGER NOT NULL,
    "patch_version" INTEGER NOT NULL,
    "download_uri" VARCHAR(2048) NOT NULL,
    "md5" CHAR(32) NOT NULL,
    "desc_zh" VARCHAR(2000) NOT NULL,
    "desc_en" VARCHAR(2000) NOT NULL,
    "interim" BOOLEAN NOT NULL DEFAULT false,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "remind" SMALLINT NOT NULL DEFAULT 0,
    "rollout_percent" SMALLINT NOT NULL DEFAULT 100,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "firmware_release_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "firmware_model_machine_type_name_key" ON "firmware"."firmware_model"("machine_type_name");

-- CreateIndex
CREATE INDEX "firmware_release_model_id_type_active_idx" ON "firmware"."firmware_release"("model_id", "type", "active");

-- CreateIndex
CREATE UNIQUE INDEX "firmware_release_version_key" ON "firmware"."firmware_release"("model_id", "type", "version1", "version3", "version4", "patch_version");

-- AddForeignKey
ALTER TABLE "firmware"."firmware_release" ADD CONSTRAINT "firmware_release_model_id_fkey" FOREIGN KEY ("model_id") REFERENCES "firmware"."firmware_model"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
