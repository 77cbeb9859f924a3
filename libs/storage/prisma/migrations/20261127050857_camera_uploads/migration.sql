-- CreateTable
CREATE TABLE "storage"."device_plan" (
    "mac_addr" VARCHAR(12) NOT NULL,
    "user_id" INTEGER NOT NULL,
    "retention_days" INTEGER NOT NULL,
    "plan_ends_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "device_plan_pkey" PRIMARY KEY ("mac_addr","user_id")
);

-- CreateTable
CREATE TABLE "storage"."device_usage" (
    "mac_addr" VARCHAR(12) NOT NULL,
    "day" INTEGER NOT NULL,
    "bytes" BIGINT NOT NULL DEFAULT 0,
    "minute" BIGINT NOT NULL DEFAULT 0,
    "minute_segments" INTEGER NOT NULL DEFAULT 0,
    "segments" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "device_usage_pkey" PRIMARY KEY ("mac_addr","day")
);

-- CreateIndex
CREATE INDEX "device_plan_plan_ends_at_idx" ON "storage"."device_plan"("plan_ends_at");
