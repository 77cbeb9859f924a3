-- DropIndex
DROP INDEX "sso"."outbox_event_published_at_created_at_idx";

-- AlterTable
ALTER TABLE "sso"."outbox_event" ADD COLUMN     "seq" BIGSERIAL NOT NULL;

-- CreateIndex
CREATE INDEX "outbox_event_published_at_seq_idx" ON "sso"."outbox_event"("published_at", "seq");
