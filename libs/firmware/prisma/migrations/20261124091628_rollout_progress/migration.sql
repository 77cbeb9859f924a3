-- CreateTable
CREATE TABLE "firmware"."rollout_check" (
    "model_id" INTEGER NOT NULL,
    "mac_addr" VARCHAR(12) NOT NULL,
    "from_system" VARCHAR(43) NOT NULL,
    "from_app" VARCHAR(43) NOT NULL,
    "outcome" VARCHAR(16) NOT NULL,
    "offered_release_id" INTEGER NOT NULL,
    "last_seen_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "rollout_check_pkey" PRIMARY KEY ("model_id","mac_addr","from_system","from_app","outcome","offered_release_id")
);

-- CreateIndex
CREATE INDEX "rollout_check_model_id_last_seen_at_idx" ON "firmware"."rollout_check"("model_id", "last_seen_at");

-- CreateIndex
CREATE INDEX "rollout_check_last_seen_at_idx" ON "firmware"."rollout_check"("last_seen_at");

-- AddForeignKey
ALTER TABLE "firmware"."rollout_check" ADD CONSTRAINT "rollout_check_model_id_fkey" FOREIGN KEY ("model_id") REFERENCES "firmware"."firmware_model"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
