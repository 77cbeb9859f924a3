-- AlterTable
ALTER TABLE "sso"."used_signature" DROP CONSTRAINT "used_signature_pkey",
ADD CONSTRAINT "used_signature_pkey" PRIMARY KEY ("client_id", "sign");

-- CreateTable
CREATE TABLE "sso"."inbox_event" (
    "durable" TEXT NOT NULL,
    "event_id" UUID NOT NULL,
    "processed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "inbox_event_pkey" PRIMARY KEY ("durable","event_id")
);

-- CreateTable
CREATE TABLE "sso"."dead_letter_event" (
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
CREATE INDEX "dead_letter_event_durable_created_at_idx" ON "sso"."dead_letter_event"("durable", "created_at");
