-- CreateIndex
CREATE INDEX "grant_open_id_id_idx" ON "permission"."grant"("open_id", "id");

-- CreateIndex
CREATE INDEX "grant_ipc_mac_id_idx" ON "permission"."grant"("ipc_mac", "id");
