-- The canonical MAC becomes 12 upper-case hex digits without separators, as merchants' apps send it
-- (docs/decisions.md D1, D25). Devices stored in the former canonical form AA:BB:CC:DD:EE:FF (or any
-- ':' / '-' spelling, any case) are rewritten: separators removed, upper-cased. One statement per table;
-- the script is one transaction (the migrator sends it as one multi-statement query), so it applies
-- entirely or not at all: two rows becoming the same MAC (impossible, the column was unique in canonical
-- form) violate device_mac_addr_key, and a value still longer than 12 characters afterwards (not a MAC)
-- fails the column change; either fails the whole migration and leaves every row as it was.
-- Passwords stay encrypted under the colon spelling; device-service still reads them (D24).
UPDATE "device"."device"
SET "mac_addr" = upper(translate(btrim("mac_addr"), ':-', ''))
WHERE "mac_addr" IS DISTINCT FROM upper(translate(btrim("mac_addr"), ':-', ''));

-- AlterTable
ALTER TABLE "device"."device" ALTER COLUMN "mac_addr" SET DATA TYPE VARCHAR(12);
