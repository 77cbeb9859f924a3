-- CreateIndex
CREATE UNIQUE INDEX "segment_mac_addr_user_id_start_epoch_s_type_key" ON "storage"."segment"("mac_addr", "user_id", "start_epoch_s", "type");
