-- CreateTable
CREATE TABLE "storage"."store_instance" (
    "instance_id" UUID NOT NULL,
    "store_id" VARCHAR(64) NOT NULL,
    "location" TEXT NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "heartbeat_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "store_instance_pkey" PRIMARY KEY ("instance_id")
);

-- CreateIndex
CREATE INDEX "store_instance_heartbeat_at_idx" ON "storage"."store_instance"("heartbeat_at");
