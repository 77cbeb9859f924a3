-- Active grants are listed soonest-ending first and over grants most recently ended first, each walked from now
-- along the activated grants' end (libs/permission/src/grants/grant.repository.ts, grantsByEnd): in creation
-- order a page of active grants was found only past every older, ended one, since the active grants are the
-- newest. Replaces the (id, end) index, which the walk in id order used. Prisma cannot describe partial or
-- expression indexes (it leaves them alone): this migration is written by hand.
CREATE INDEX "grant_activated_end_idx" ON "permission"."grant"((COALESCE("end_time", 'infinity'::timestamptz)), "id") WHERE "grant_status" = 3 AND "revoked_at" IS NULL;
DROP INDEX "permission"."grant_activated_id_idx";
