-- AlterTable
-- Records created before this column get their own tag now, fixed from then on like every other field
-- (docs/decisions.md I1, I2): 16 random base62 characters per row, as the service generates them. Built
-- with random(), which PostgreSQL and PGlite have without extensions (no pgcrypto); a tag is a label
-- handed to the apps, not a credential (the subtoken is the user's key).
ALTER TABLE "sso"."sub_service_info" ADD COLUMN     "rekognition_tag" VARCHAR(64);

-- One random character per (row, position): random() is evaluated for every row of the cross join.
UPDATE "sso"."sub_service_info" AS info
SET "rekognition_tag" = tag.value
FROM (
    SELECT existing."user_id",
           string_agg(substr('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', 1 + floor(random() * 62)::int, 1), '') AS value
    FROM "sso"."sub_service_info" AS existing
    CROSS JOIN generate_series(1, 16) AS character_position
    GROUP BY existing."user_id"
) AS tag
WHERE info."user_id" = tag."user_id";

ALTER TABLE "sso"."sub_service_info" ALTER COLUMN "rekognition_tag" SET NOT NULL;
