-- The subtoken is stored as a SecretBox ciphertext bound to the userId (docs/decisions.md SK4): anyone who could
-- read it could forge every stream session of the user. A rename, not Prisma's drop-and-add: existing rows keep
-- their subtoken (plain until sso-service re-encrypts it at start, SK2), so apps' sessionTokens stay valid.
-- The unique index goes: ciphertexts are all distinct, and nothing looks a row up by its subtoken.
DROP INDEX "sso"."sub_service_info_subtoken_key";

ALTER TABLE "sso"."sub_service_info" RENAME COLUMN "subtoken" TO "subtoken_ciphertext";

ALTER TABLE "sso"."sub_service_info" ALTER COLUMN "subtoken_ciphertext" TYPE TEXT;
