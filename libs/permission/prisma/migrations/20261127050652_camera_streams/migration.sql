-- AlterTable
ALTER TABLE "permission"."permission" ADD COLUMN     "retention_days" INTEGER;

-- CreateTable
CREATE TABLE "permission"."camera_stream" (
    "id" BIGSERIAL NOT NULL,
    "ipc_mac" VARCHAR(12) NOT NULL,
    "user_id" INTEGER NOT NULL,
    "user_tag" VARCHAR(32) NOT NULL,
    "stream_ciphertext" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revoked_at" TIMESTAMPTZ(3),

    CONSTRAINT "camera_stream_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "camera_stream_ipc_mac_user_tag_idx" ON "permission"."camera_stream"("ipc_mac", "user_tag");

-- CreateIndex
CREATE INDEX "camera_stream_user_id_idx" ON "permission"."camera_stream"("user_id");

-- At most one live stream per device and owner: two first activations at once keep the first insert.
CREATE UNIQUE INDEX "camera_stream_live_key" ON "permission"."camera_stream"("ipc_mac", "user_id") WHERE "revoked_at" IS NULL;
