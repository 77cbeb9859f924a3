/**
 * Object deletions still to do (storage.object_deletion). Index rows and their objects cannot go in one
 * transaction, so a purge deletes the rows and enqueues their keys in the same transaction (due at once);
 * the sweeper deletes the objects after the commit and removes the entries once the store confirmed.
 * An upload enqueues its own key first with a grace period (`UPLOAD_GRACE_MS`) and the row's insert removes
 * it: an object whose row never committed is deleted after the grace period.
 */
import { Inject, Injectable } from '@nestjs/common';
import { serviceDatabaseToken } from '@dcp/runtime';
import type { StorageDatabase, StorageTransaction } from '../storage-database.types';

/** An upload has this long to commit its row before its object counts as orphaned. */
export const UPLOAD_GRACE_MS = 15 * 60_000;
/** A failed deletion is retried after this long (then at every sweep that finds it due). */
export const DELETION_RETRY_MS = 60_000;

@Injectable()
export class ObjectDeletions {
  constructor(@Inject(serviceDatabaseToken('storage')) private readonly db: StorageDatabase) {}

  /** Enqueues keys due at `notBefore` (inside the caller's transaction when `tx` is given). */
  async enqueue(keys: readonly string[], notBefore: Date, tx?: StorageTransaction): Promise<void> {
    if (keys.length === 0) return;
    const client = tx ?? this.db.client;
    await client.objectDeletion.createMany({ data: keys.map((objectKey) => ({ objectKey, notBefore })), skipDuplicates: true });
  }

  /** Makes queued deletions due at `notBefore` (an upload's guard once it is known to be superfluous). */
  async expedite(keys: readonly string[], notBefore: Date): Promise<void> {
    if (keys.length === 0) return;
    await this.db.client.objectDeletion.updateMany({ where: { objectKey: { in: [...keys] } }, data: { notBefore } });
  }

  /**
   * Runs `remove` on up to `limit` due keys, locked against other replicas (SKIP LOCKED), and drops the
   * entries the store confirmed; on failure the entries stay, with the error and a later due time.
   * Returns how many were deleted.
   */
  async processDue(nowMs: number, limit: number, remove: (keys: string[]) => Promise<void>): Promise<number> {
    return this.db.client.$transaction(
      async (tx) => {
        const due = await tx.$queryRaw<{ objectKey: string }[]>`
          SELECT object_key AS "objectKey" FROM "storage"."object_deletion"
          WHERE not_before <= ${new Date(nowMs)} ORDER BY not_before LIMIT ${limit} FOR UPDATE SKIP LOCKED`;
        const keys = due.map((d) => d.objectKey);
        if (keys.length === 0) return 0;
        try {
          await remove(keys);
        } catch (err) {
          const message = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
          await tx.objectDeletion.updateMany({
            where: { objectKey: { in: keys } },
            data: { attempts: { increment: 1 }, lastError: message, notBefore: new Date(nowMs + DELETION_RETRY_MS) },
          });
          return 0;
        }
        await tx.objectDeletion.deleteMany({ where: { objectKey: { in: keys } } });
        return keys.length;
      },
      { maxWait: 10_000, timeout: 120_000 },
    );
  }

  /**
   * Entries due and not yet done, counted up to `cap` (the gauge): a scrape reads at most `cap` rows of the
   * not_before index whatever the backlog (9 million queued took 1.3–3.6 s a scrape to count whole).
   */
  async pendingDue(now: Date, cap: number): Promise<number> {
    const rows = await this.db.client.objectDeletion.findMany({ where: { notBefore: { lte: now } }, select: { notBefore: true }, orderBy: { notBefore: 'asc' }, take: cap });
    return rows.length;
  }
}
