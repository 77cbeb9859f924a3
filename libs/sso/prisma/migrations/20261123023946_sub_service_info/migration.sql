-- CreateTable
CREATE TABLE "sso"."sub_service_info" (
    "user_id" INTEGER NOT NULL,
    "subtoken" VARCHAR(64) NOT NULL,
    "area" VARCHAR(64) NOT NULL,
    "tag" VARCHAR(64) NOT NULL,
    "store_tag" VARCHAR(64) NOT NULL,
    "alexa_tag" VARCHAR(64) NOT NULL,
    "url" VARCHAR(2048) NOT NULL,
    "send_msg_url" VARCHAR(2048) NOT NULL,
    "send_msg_url_secure" VARCHAR(2048) NOT NULL,
    "store_url" VARCHAR(2048) NOT NULL,
    "alexa_url" VARCHAR(2048) NOT NULL,
    "channel_count" INTEGER NOT NULL,
    "oem_code" VARCHAR(20),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sub_service_info_pkey" PRIMARY KEY ("user_id")
);

-- CreateTable
CREATE TABLE "sso"."service_status" (
    "id" INTEGER NOT NULL,
    "mode" VARCHAR(20) NOT NULL,
    "server_url" VARCHAR(2048),
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "service_status_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "sub_service_info_subtoken_key" ON "sso"."sub_service_info"("subtoken");

-- AddForeignKey
ALTER TABLE "sso"."sub_service_info" ADD CONSTRAINT "sub_service_info_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "sso"."user"("id") ON DELETE CASCADE ON UPDATE CASCADE;
