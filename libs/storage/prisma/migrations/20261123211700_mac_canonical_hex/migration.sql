-- The canonical MAC becomes 12 upper-case hex digits without separators, as merchants' apps send it
-- (docs/decisions.md D1, D25). Segments' device MACs stored in the former canonical form
-- AA:BB:CC:DD:EE:FF (or any ':' / '-' spelling, any case) are rewritten: separators removed, upper-cased.
-- One statement per table; the script is one transaction (the migrator sends it as one multi-statement
-- query), so it applies entirely or not at all: two segments becoming the same (MAC, owner, start, type)
-- (impossible, they were unique in canonical form) violate segment_mac_addr_user_id_start_epoch_s_type_key,
-- and a value still longer than 12 characters afterwards (not a MAC) fails the column change; either fails
-- the whole migration and leaves every row as it was.
-- Object keys (segment.object_key, object_deletion.object_key) already name the device by its 12 hex
-- digits (segments/<MAC>/<id>.ts, CS14): nothing to rewrite there.
UPDATE "storage"."segment"
SET "mac_addr" = upper(translate(btrim("mac_addr"), ':-', ''))
WHERE "mac_addr" IS DISTINCT FROM upper(translate(btrim("mac_addr"), ':-', ''));

-- AlterTable
ALTER TABLE "storage"."segment" ALTER COLUMN "mac_addr" SET DATA TYPE VARCHAR(12);
