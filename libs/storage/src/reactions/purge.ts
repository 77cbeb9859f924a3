/**
 * The purge both storage reactions make (decisions OB3): the matching segment rows go (`where` over alias `s`,
 * naming only mac_addr and user_id), and their objects are queued for the sweeper, due at `due` (a key already
 * queued stays as it is); the matching device plans go too (CU6: nothing of the owner's stays). Writes no events.
 */
import type { StatementOutcome } from '@dcp/runtime';

export interface PurgeOutcome extends StatementOutcome {
  purged: number;
}

export function purgeCtes(where: string, due: `$${number}`): string {
  return `purged AS (
       DELETE FROM "storage"."segment" AS s USING inbox WHERE ${where}
       RETURNING s.object_key
     ), plans AS (
       DELETE FROM "storage"."device_plan" AS s USING inbox WHERE ${where}
       RETURNING 1
     ), queued AS (
       INSERT INTO "storage"."object_deletion" (object_key, not_before)
       SELECT object_key, ${due}::timestamptz FROM purged
       ON CONFLICT (object_key) DO NOTHING
       RETURNING 1
     )`;
}
