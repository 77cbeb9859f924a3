-- The message center's purges in bounded batches (decisions GT2). The retention deletes each merchant's messages
-- oldest first through (client_id, updated_at), so a batch reads only what it deletes; the index on received_at
-- was read by no query (the retention counts from updated_at) and goes.
-- DropIndex
DROP INDEX "push"."alarm_message_received_at_idx";

-- Messages a user.deleted or device.unbound statement left for the retention job (more than it deletes itself).
-- CreateTable
CREATE TABLE "push"."message_purge" (
    "id" BIGSERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "mac_addr" VARCHAR(12) NOT NULL,
    "received_before" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "message_purge_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "alarm_message_client_id_updated_at_idx" ON "push"."alarm_message"("client_id", "updated_at");
