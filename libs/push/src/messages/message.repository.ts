/**
 * The message center (push.alarm_message): every query is scoped to the user, so an id of someone else's
 * message reads, marks and deletes nothing. Listing never reads a picture (alarm_picture is its own table).
 * Messages of a pending purge are gone for every query here (hidden-messages.ts): the user's pending purges
 * are read first (message_purge's index on user_id; none, almost always) and excluded.
 */
import { Inject, Injectable } from '@nestjs/common';
import { hotStatement } from '@dcp/database';
import { serviceDatabaseToken } from '@dcp/runtime';
import type { Prisma } from '../generated/prisma/client';
import type { PushDatabase } from '../push-database.types';
import type { AlarmMessage, MessageFilter } from './alarm-message';
import { PURGE_SCOPE, notPurged, purgePending } from './hidden-messages';

const COLUMNS = { id: true, userId: true, macAddr: true, type: true, firstAt: true, lastAt: true, count: true, readAt: true, pictureBytes: true } as const;
type Row = Prisma.AlarmMessageGetPayload<{ select: typeof COLUMNS }>;

@Injectable()
export class MessageRepository {
  constructor(@Inject(serviceDatabaseToken('push')) private readonly db: PushDatabase) {}

  /** A page of the user's messages, newest alarm first, and how many match. */
  async page(filter: MessageFilter, skip: number, take: number): Promise<{ items: AlarmMessage[]; total: number }> {
    const where = { ...whereOf(filter), ...(await this.visible(filter.userId)) };
    const [rows, total] = await Promise.all([
      this.db.client.alarmMessage.findMany({ where, select: COLUMNS, orderBy: [{ lastAt: 'desc' }, { id: 'desc' }], skip, take }),
      this.db.client.alarmMessage.count({ where }),
    ]);
    return { items: rows.map(toMessage), total };
  }

  async countUnread(userId: number, macAddr?: string): Promise<number> {
    return this.db.client.alarmMessage.count({ where: { userId, readAt: null, ...(macAddr ? { macAddr } : {}), ...(await this.visible(userId)) } });
  }

  /** Marks read the user's unread messages among `ids` (all of them, or of one device, when `ids` is undefined). */
  async markRead(userId: number, ids: readonly string[] | undefined, macAddr: string | undefined, at: Date): Promise<number> {
    const { count } = await this.db.client.alarmMessage.updateMany({
      where: { userId, readAt: null, ...(ids ? { id: { in: [...ids] } } : {}), ...(macAddr ? { macAddr } : {}), ...(await this.visible(userId)) },
      data: { readAt: at },
    });
    return count;
  }

  /** Deletes the user's messages among `ids` with their pictures (ON DELETE CASCADE). */
  async delete(userId: number, ids: readonly string[]): Promise<number> {
    const { count } = await this.db.client.alarmMessage.deleteMany({ where: { userId, id: { in: [...ids] }, ...(await this.visible(userId)) } });
    return count;
  }

  /** The JPEG of a message, or undefined (no picture, or the message is gone: deleted or of a pending purge). */
  async picture(messageId: string): Promise<Buffer | undefined> {
    const [row] = await this.db.run(PICTURE, [messageId]);
    return row ? Buffer.from(row.jpeg) : undefined;
  }

  /** The condition that leaves out the user's messages of pending purges. */
  private async visible(userId: number): Promise<Prisma.AlarmMessageWhereInput> {
    return notPurged(await this.db.client.messagePurge.findMany({ where: { userId }, select: PURGE_SCOPE }));
  }
}

/** $1 message id: its picture unless a pending purge covers the message (one statement: the URL names no user). */
const PICTURE = hotStatement<{ jpeg: Uint8Array }>(
  'push.message-picture',
  `SELECT pic.jpeg FROM "push"."alarm_picture" AS pic JOIN "push"."alarm_message" AS m ON m.id = pic.message_id
   WHERE pic.message_id = $1::uuid AND NOT ${purgePending('m')}`,
);

function whereOf(f: MessageFilter): Prisma.AlarmMessageWhereInput {
  const lastAt = f.from !== undefined || f.before !== undefined ? { ...(f.from !== undefined ? { gte: new Date(f.from) } : {}), ...(f.before !== undefined ? { lt: new Date(f.before) } : {}) } : undefined;
  return { userId: f.userId, ...(f.macAddr ? { macAddr: f.macAddr } : {}), ...(f.type !== undefined ? { type: f.type } : {}), ...(lastAt ? { lastAt } : {}) };
}

function toMessage(row: Row): AlarmMessage {
  return {
    id: row.id,
    userId: row.userId,
    macAddr: row.macAddr,
    type: row.type,
    firstAt: row.firstAt.getTime(),
    lastAt: row.lastAt.getTime(),
    count: row.count,
    read: row.readAt !== null,
    hasPicture: row.pictureBytes > 0,
  };
}
