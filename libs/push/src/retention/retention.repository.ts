/**
 * The statements of the message center's purges (decisions PS6, GT2), each deleting at most `limit` rows in its
 * own short transaction and finding them through an index that holds only what it deletes, so a batch costs
 * O(limit) however large the tables are: a message's picture and deliveries go with it (ON DELETE CASCADE: at
 * most one picture, and a delivery per endpoint of its user, at most 20, PS8). Rows are locked with SKIP LOCKED
 * (replicas purging at once take different rows, never wait for each other) and deleted by the row addresses
 * the index scan found (a TID scan: no second look-up, whatever the planner thinks of the table).
 */
import { Inject, Injectable } from '@nestjs/common';
import { serviceDatabaseToken } from '@dcp/runtime';
import { Prisma } from '../generated/prisma/client';
import { purgeCovers } from '../messages/hidden-messages';
import type { PushDatabase } from '../push-database.types';

/** A merchant whose users have messages, with its own retention (null: PUSH_MESSAGE_RETENTION_DAYS). */
export interface MerchantRetention {
  clientId: string;
  retentionDays: number | null;
}

/** Messages a user.deleted or device.unbound statement left (the message_purge table). */
export interface PendingPurge {
  id: bigint;
  userId: number;
  /** Canonical MAC, or '' for every device of the user. */
  macAddr: string;
  receivedBefore: Date;
}

@Injectable()
export class RetentionRepository {
  constructor(@Inject(serviceDatabaseToken('push')) private readonly db: PushDatabase) {}

  /**
   * The merchants with messages (client_id; '' for messages stored before it was kept) and their retention:
   * one step of (client_id, updated_at) per merchant (a loose index scan), not a read of every message.
   */
  merchantsWithMessages(): Promise<MerchantRetention[]> {
    return this.db.client.$queryRaw<MerchantRetention[]>`
      WITH RECURSIVE merchants AS (
        (SELECT client_id FROM "push"."alarm_message" ORDER BY client_id LIMIT 1)
        UNION ALL
        SELECT (SELECT m.client_id FROM "push"."alarm_message" AS m WHERE m.client_id > merchants.client_id ORDER BY m.client_id LIMIT 1)
        FROM merchants WHERE merchants.client_id IS NOT NULL
      )
      SELECT merchants.client_id AS "clientId", s.retention_days AS "retentionDays"
      FROM merchants LEFT JOIN "push"."push_merchant_setting" AS s ON s.client_id = merchants.client_id
      WHERE merchants.client_id IS NOT NULL`;
  }

  /** Deletes up to `limit` of the merchant's messages whose latest alarm came before `cutoff`, oldest first. */
  deleteExpired(clientId: string, cutoff: Date, limit: number): Promise<number> {
    return this.db.client.$executeRaw`
      DELETE FROM "push"."alarm_message" WHERE ctid = ANY (ARRAY(
        SELECT ctid FROM "push"."alarm_message" WHERE client_id = ${clientId} AND updated_at < ${cutoff}::timestamptz
        ORDER BY updated_at LIMIT ${limit}::int FOR UPDATE SKIP LOCKED))`;
  }

  /** The purges the event statements left, oldest first. */
  pendingPurges(limit: number): Promise<PendingPurge[]> {
    return this.db.client.$queryRaw<PendingPurge[]>`
      SELECT id, user_id AS "userId", mac_addr AS "macAddr", received_before AS "receivedBefore"
      FROM "push"."message_purge" ORDER BY id LIMIT ${limit}::int`;
  }

  /**
   * Deletes up to `limit` messages of a pending purge: the user's (through (user_id, last_at)) or those of the
   * user's device (through (mac_addr, user_id, …)), received up to its time.
   */
  deletePurged(purge: PendingPurge, limit: number): Promise<number> {
    if (purge.macAddr === '') {
      return this.db.client.$executeRaw`
        DELETE FROM "push"."alarm_message" WHERE ctid = ANY (ARRAY(
          SELECT ctid FROM "push"."alarm_message" WHERE user_id = ${purge.userId}::int AND received_at <= ${purge.receivedBefore}::timestamptz
          LIMIT ${limit}::int FOR UPDATE SKIP LOCKED))`;
    }
    return this.db.client.$executeRaw`
      DELETE FROM "push"."alarm_message" WHERE ctid = ANY (ARRAY(
        SELECT ctid FROM "push"."alarm_message"
        WHERE mac_addr = ${purge.macAddr} AND user_id = ${purge.userId}::int AND received_at <= ${purge.receivedBefore}::timestamptz
        LIMIT ${limit}::int FOR UPDATE SKIP LOCKED))`;
  }

  /**
   * Ends a purge when nothing it covers is left. A batch that found nothing may only have skipped rows another
   * transaction held locked (FOR UPDATE SKIP LOCKED): ending it then would show those messages again and leave
   * them for ever. Answers whether it ended.
   */
  async finishPurge(id: bigint): Promise<boolean> {
    const ended = await this.db.client.$executeRaw`
      DELETE FROM "push"."message_purge" AS p WHERE p.id = ${id} AND NOT EXISTS (
        SELECT 1 FROM "push"."alarm_message" AS m WHERE ${Prisma.raw(purgeCovers('p', 'm'))}
      )`;
    return ended > 0;
  }

  /**
   * Deletes up to `limit` alarm counts of minutes before `minute` with keys after `afterKey`, in key order;
   * answers how many and the last key it deleted (null when none). The table holds a row per device and user that
   * posted in the last two minutes (it does not grow with time): the walk along its primary key reads each row
   * at most once a run, and adds no index to the alarm's upsert.
   */
  async deleteStaleRates(minute: number, afterKey: string, limit: number): Promise<{ deleted: number; last: string | null }> {
    const [row] = await this.db.client.$queryRaw<{ deleted: number; last: string | null }[]>`
      WITH gone AS (
        DELETE FROM "push"."alarm_rate" WHERE ctid = ANY (ARRAY(
          SELECT ctid FROM "push"."alarm_rate" WHERE key > ${afterKey} AND minute < ${BigInt(minute)}
          ORDER BY key LIMIT ${limit}::int FOR UPDATE SKIP LOCKED))
        RETURNING key
      )
      SELECT count(*)::int AS deleted, max(key) AS last FROM gone`;
    // max(): the database's own order of keys (its collation), the one the walk compares them in.
    return { deleted: row?.deleted ?? 0, last: row?.last ?? null };
  }
}
