-- Messages of a pending purge are hidden at once (decisions PS6): the message center's reads, the picture fetch,
-- the delivery claim and the alarm's merge look up the owner's pending purges (user_id, then the device or '')
-- covering a message's received_at through this index.
-- CreateIndex
CREATE INDEX "message_purge_user_id_mac_addr_received_before_idx" ON "push"."message_purge"("user_id", "mac_addr", "received_before");
