/**
 * Purges of a user's or a device's footage (storage.purge_job, docs/decisions.md CS21). The reactions to
 * device.unbound and user.deleted only write the job (with the inbox row: the event is acked at once, whatever
 * the footage); the sweeper works it off here, one short transaction per batch of PURGE_BATCH segments:
 *
 *   the job row locked (SKIP LOCKED: one replica per job at a time, any replica after a crash; the job with
 *     the fewest batches done first, so a device's purge never waits behind a big user's)
 *   → the next batch from the job's cursor, in (device, start) order through an index that starts there
 *     ((user_id, mac_addr, start_epoch_s) for a user, (mac_addr, user_id, start_epoch_s) for a device), only
 *     segments created up to the job's request (a device bound again meanwhile keeps its new footage)
 *   → the footage lock of each device in the batch → the rows deleted, their objects queued (object_deletion,
 *     each key once), their hours and clips updated (FootageIndex) → the cursor moved on, done when the batch
 *     came up short.
 *
 * A crash or a lost lease rolls the batch back whole: it is done again from the same cursor, nothing twice.
 * Until the job is done nobody sees that footage (`pending`: RecordingWindow and playback honour it).
 */
import { Inject, Injectable } from '@nestjs/common';
import { serviceDatabaseToken } from '@dcp/runtime';
import { Prisma } from '../generated/prisma/client';
import { FootageIndex } from '../recordings/footage-index';
import type { StorageDatabase } from '../storage-database.types';
import { ObjectDeletions } from './object-deletions';

/** Segments per purge batch: one short transaction (≈ 0.1 s on PostgreSQL), its object deletions with it. */
export const PURGE_BATCH = 2_000;
/** Finished jobs are kept this long for the operator, then deleted (a few at a time by the sweeper). */
export const PURGE_JOB_KEEP_MS = 30 * 86_400_000;

interface JobRow {
  id: bigint | number;
  userId: number;
  macAddr: string | null;
  requestedAt: Date;
  cursorMac: string;
  cursorStart: bigint | number;
}

export interface PurgeBatch {
  jobId: number;
  userId: number;
  macAddr: string | null;
  /** Segments deleted by this batch. */
  purged: number;
  done: boolean;
}

@Injectable()
export class FootagePurges {
  constructor(
    @Inject(serviceDatabaseToken('storage')) private readonly db: StorageDatabase,
    private readonly index: FootageIndex,
    private readonly deletions: ObjectDeletions,
  ) {}

  /** Whether the owner's footage of the device is being purged (a job for the device or for all the user's is not done). */
  async pending(macAddr: string, userId: number): Promise<boolean> {
    const rows = await this.db.client.$queryRaw<{ pending: boolean }[]>`
      SELECT EXISTS (
        SELECT 1 FROM "storage"."purge_job"
        WHERE user_id = ${userId}::int AND done_at IS NULL AND (mac_addr IS NULL OR mac_addr = ${macAddr})
      ) AS pending`;
    return rows[0]?.pending === true;
  }

  /**
   * One batch of the job with the fewest batches done that no other replica is working on (undefined: none left). `limit` segments at
   * most; objects due at `due`. `afterDelete` runs inside the transaction once the rows are gone (specs
   * make it fail to show a batch rolls back whole).
   */
  async runBatch(due: Date, limit = PURGE_BATCH, afterDelete?: () => void): Promise<PurgeBatch | undefined> {
    return this.db.client.$transaction(
      async (tx) => {
        const [job] = await tx.$queryRaw<JobRow[]>`
          SELECT id, user_id AS "userId", mac_addr AS "macAddr", requested_at AS "requestedAt", cursor_mac AS "cursorMac", cursor_start AS "cursorStart"
          FROM "storage"."purge_job" WHERE done_at IS NULL ORDER BY batches, id LIMIT 1 FOR UPDATE SKIP LOCKED`;
        if (!job) return undefined;
        const cursorStart = BigInt(job.cursorStart);
        const picked = job.macAddr
          ? await tx.$queryRaw<{ id: string; macAddr: string; start: bigint | number }[]>`
              SELECT id::text AS id, mac_addr AS "macAddr", start_epoch_s AS start FROM "storage"."segment"
              WHERE mac_addr = ${job.macAddr} AND user_id = ${job.userId}::int AND start_epoch_s >= ${cursorStart}
                AND created_at <= ${job.requestedAt}
              ORDER BY start_epoch_s LIMIT ${limit}`
          : await tx.$queryRaw<{ id: string; macAddr: string; start: bigint | number }[]>`
              SELECT id::text AS id, mac_addr AS "macAddr", start_epoch_s AS start FROM "storage"."segment"
              WHERE user_id = ${job.userId}::int AND (mac_addr, start_epoch_s) >= (${job.cursorMac}, ${cursorStart})
                AND created_at <= ${job.requestedAt}
              ORDER BY mac_addr, start_epoch_s LIMIT ${limit}`;
        const macs = [...new Set(picked.map((p) => p.macAddr))].sort();
        for (const mac of macs) await this.index.lock(tx, mac, job.userId);
        const removed =
          picked.length === 0
            ? []
            : await tx.$queryRaw<{ id: string; macAddr: string; start: number; durationMs: number; type: number; objectKey: string; bytes: number }[]>`
                DELETE FROM "storage"."segment" WHERE id IN (${Prisma.join(picked.map((p) => Prisma.sql`${p.id}::uuid`))}) AND created_at <= ${job.requestedAt}
                RETURNING id::text AS id, mac_addr AS "macAddr", start_epoch_s::float8 AS start, duration_ms AS "durationMs", type, object_key AS "objectKey", bytes`;
        afterDelete?.();
        await this.deletions.enqueue(
          removed.map((r) => r.objectKey),
          due,
          tx,
        );
        for (const mac of macs) {
          await this.index.segmentsRemoved(
            tx,
            mac,
            job.userId,
            removed.filter((r) => r.macAddr === mac).map((r) => ({ ...r, start: Number(r.start) })),
            true,
          );
        }
        const last = picked.at(-1);
        const done = picked.length < limit;
        await tx.purgeJob.update({
          where: { id: BigInt(job.id) },
          data: {
            cursorMac: last?.macAddr ?? job.cursorMac,
            cursorStart: last ? BigInt(last.start) : cursorStart,
            purged: { increment: removed.length },
            batches: { increment: 1 },
            doneAt: done ? due : null,
          },
        });
        return { jobId: Number(job.id), userId: job.userId, macAddr: job.macAddr, purged: removed.length, done };
      },
      { maxWait: 10_000, timeout: 60_000 },
    );
  }

  /** Deletes up to `limit` jobs finished before `before` (the sweeper, each pass). */
  async forgetFinished(before: Date, limit: number): Promise<number> {
    return this.db.client.$executeRaw`
      DELETE FROM "storage"."purge_job" WHERE id IN (
        SELECT id FROM "storage"."purge_job" WHERE done_at < ${before} ORDER BY done_at LIMIT ${limit}
      )`;
  }

  /** Jobs not done yet, counted up to `cap` (the gauge: a scrape reads at most `cap` index entries). */
  async pendingJobs(cap: number): Promise<number> {
    const rows = await this.db.client.purgeJob.findMany({ where: { doneAt: null }, select: { id: true }, orderBy: [{ doneAt: 'asc' }, { id: 'asc' }], take: cap });
    return rows.length;
  }
}
