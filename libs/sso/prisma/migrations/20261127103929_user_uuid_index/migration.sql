-- CreateIndex
CREATE INDEX "user_uuid_idx" ON "sso"."user"("uuid");
