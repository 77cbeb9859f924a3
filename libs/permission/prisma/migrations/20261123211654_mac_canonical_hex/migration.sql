-- The canonical MAC becomes 12 upper-case hex digits without separators, as merchants' apps send it
-- (docs/decisions.md D1, D25). Grants' device MACs stored in the former canonical form AA:BB:CC:DD:EE:FF
-- (or any ':' / '-' spelling, any case) are rewritten: separators removed, upper-cased. One statement per
-- table; the script is one transaction (the migrator sends it as one multi-statement query), so it applies
-- entirely or not at all: a value still longer than 12 characters afterwards (not a MAC) fails the column
-- change, the whole migration with it, and leaves every row as it was.
UPDATE "permission"."grant"
SET "ipc_mac" = upper(translate(btrim("ipc_mac"), ':-', ''))
WHERE "ipc_mac" IS DISTINCT FROM upper(translate(btrim("ipc_mac"), ':-', ''));

-- AlterTable
ALTER TABLE "permission"."grant" ALTER COLUMN "ipc_mac" SET DATA TYPE VARCHAR(12);
