-- CreateIndex
CREATE INDEX "dead_letter_event_resolved_at_idx" ON "push"."dead_letter_event"("resolved_at");

-- CreateIndex
CREATE INDEX "inbox_event_processed_at_idx" ON "push"."inbox_event"("processed_at");
