/**
 * The purge both storage reactions make (decisions OB3): the matching segment rows go (`where` over alias `s`),
 * and their objects are queued for the sweeper, due at `due` (a key already queued stays as it is). Writes no
 * events.
 */
import type { StatementOutcome } from '@dcp/runtime';

export interface PurgeOutcome extends StatementOutcome {
  purged: number;
}

export function purgeCtes(where: string, due: `$${number}`): string {
  return `purged AS (
       DELETE FROM "storage"."segment" AS s USING inbox WHERE ${where}
       RETURNING s.object_key
     ), queued AS (
       INSERT INTO "storage"."object_deletion" (object_key, not_before)
       SELECT object_key, ${due}::timestamptz FROM purged
       ON CONFLICT (object_key) DO NOTHING
       RETURNING 1
     )`;
}
