/**
 * What both storage reactions write (decisions OB3, CS21): a purge job for the sweeper to work off in bounded
 * batches (retention/footage-purges.ts) — the footage is hidden from the commit on — and the matching device
 * plans go at once (CU6: nothing of the owner's stays; a handful of rows). `where` is over alias `s`, naming
 * only mac_addr and user_id. Writes no events.
 */
import type { StatementOutcome } from '@dcp/runtime';

export interface PurgeOutcome extends StatementOutcome {
  /** Purge jobs written (1, or 0 for an event already applied). */
  jobs: number;
}

/** `job` is the purge job's (user_id, mac_addr, reason) as SQL expressions over the parameters. */
export function purgeCtes(where: string, job: { userId: string; macAddr: string; reason: string }): string {
  return `job AS (
       INSERT INTO "storage"."purge_job" (user_id, mac_addr, reason, event_id, requested_at)
       SELECT ${job.userId}, ${job.macAddr}, ${job.reason}, inbox.event_id, now() FROM inbox
       RETURNING 1
     ), plans AS (
       DELETE FROM "storage"."device_plan" AS s USING inbox WHERE ${where}
       RETURNING 1
     )`;
}
