/**
 * What operators read and do about deliveries (decisions PS11): a merchant's delivery health over the last 24
 * hours, deliveries by merchant, state or message, a device's messages with their deliveries, and replays of
 * dead letters (pending again, attempts from 0, due now).
 */
import { Inject, Injectable } from '@nestjs/common';
import type { PushDeliveryView, PushProviderName } from '@dcp/contracts';
import { serviceDatabaseToken } from '@dcp/runtime';
import type { Prisma } from '../generated/prisma/client';
import { PURGE_SCOPE, notPurged } from '../messages/hidden-messages';
import type { PushDatabase } from '../push-database.types';

export interface DeliveryCounts {
  clientId: string;
  provider: PushProviderName;
  sent: number;
  pending: number;
  invalidTokens: number;
  dead: number;
  lastError: string | null;
}

const DELIVERY_COLUMNS = {
  id: true,
  messageId: true,
  clientId: true,
  provider: true,
  state: true,
  attempts: true,
  createdAt: true,
  updatedAt: true,
  sentAt: true,
  nextAttemptAt: true,
  lastError: true,
  endpoint: { select: { token: true } },
} as const;
type DeliveryRow = Prisma.PushDeliveryGetPayload<{ select: typeof DELIVERY_COLUMNS }>;

// Invalid-token and cancelled deliveries have no endpoint left to push to.
const REPLAYABLE = ['dead'];

@Injectable()
export class DeliveryAdminRepository {
  constructor(@Inject(serviceDatabaseToken('push')) private readonly db: PushDatabase) {}

  /** Counts by merchant and provider of deliveries changed since `since`, and providers set without any. */
  async health(since: Date, clientId?: string): Promise<DeliveryCounts[]> {
    const rows = await this.db.client.$queryRaw<Array<{ clientId: string; provider: string; sent: number; pending: number; invalidTokens: number; dead: number; lastError: string | null }>>`
      SELECT k.client_id AS "clientId", k.provider,
        COALESCE(c.sent, 0)::int AS sent, COALESCE(c.pending, 0)::int AS pending, COALESCE(c.invalid, 0)::int AS "invalidTokens",
        COALESCE(c.dead, 0)::int AS dead, c.last_error AS "lastError"
      FROM (
        SELECT client_id, provider FROM "push"."push_provider" WHERE (${clientId ?? null}::text IS NULL OR client_id = ${clientId ?? null}::text)
        UNION
        SELECT DISTINCT client_id, provider FROM "push"."push_delivery"
        WHERE updated_at >= ${since}::timestamptz AND (${clientId ?? null}::text IS NULL OR client_id = ${clientId ?? null}::text)
      ) AS k
      LEFT JOIN (
        SELECT client_id, provider,
          count(*) FILTER (WHERE state = 'sent') AS sent, count(*) FILTER (WHERE state = 'pending') AS pending,
          count(*) FILTER (WHERE state = 'invalid_token') AS invalid, count(*) FILTER (WHERE state = 'dead') AS dead,
          (array_agg(last_error ORDER BY updated_at DESC) FILTER (WHERE last_error IS NOT NULL AND state <> 'sent'))[1] AS last_error
        FROM "push"."push_delivery"
        WHERE updated_at >= ${since}::timestamptz AND (${clientId ?? null}::text IS NULL OR client_id = ${clientId ?? null}::text)
        GROUP BY client_id, provider
      ) AS c ON c.client_id = k.client_id AND c.provider = k.provider
      ORDER BY k.client_id, k.provider`;
    return rows.map((r) => ({ ...r, provider: r.provider as PushProviderName }));
  }

  async page(filter: { clientId?: string; state?: string; messageId?: string }, skip: number, take: number): Promise<{ items: PushDeliveryView[]; total: number }> {
    const where: Prisma.PushDeliveryWhereInput = {
      ...(filter.clientId ? { clientId: filter.clientId } : {}),
      ...(filter.state ? { state: filter.state } : {}),
      ...(filter.messageId ? { messageId: filter.messageId } : {}),
    };
    const [rows, total] = await Promise.all([
      this.db.client.pushDelivery.findMany({ where, select: DELIVERY_COLUMNS, orderBy: [{ updatedAt: 'desc' }, { id: 'desc' }], skip, take }),
      this.db.client.pushDelivery.count({ where }),
    ]);
    return { items: rows.map(toDeliveryView), total };
  }

  /**
   * A device's messages, newest first, each with its deliveries; messages of pending purges are gone here too
   * (decisions PS6): a past owner's alarms are nobody's to see. message_purge holds only purges not yet done
   * (a handful at most), so reading those of the device or of a whole user costs nothing.
   */
  async deviceMessages(macAddr: string, skip: number, take: number) {
    const purges = await this.db.client.messagePurge.findMany({ where: { macAddr: { in: ['', macAddr] } }, select: PURGE_SCOPE });
    const where = { macAddr, ...notPurged(purges) };
    const [rows, total] = await Promise.all([
      this.db.client.alarmMessage.findMany({
        where,
        orderBy: [{ lastAt: 'desc' }, { id: 'desc' }],
        skip,
        take,
        select: {
          id: true, userId: true, macAddr: true, type: true, firstAt: true, lastAt: true, count: true, readAt: true, pictureBytes: true,
          deliveries: { select: DELIVERY_COLUMNS, orderBy: { createdAt: 'asc' } },
        },
      }),
      this.db.client.alarmMessage.count({ where }),
    ]);
    return { total, items: rows.map((m) => ({ ...m, deliveries: m.deliveries.map(toDeliveryView) })) };
  }

  /** Makes a finished, undelivered delivery pending again; undefined when it does not exist, false when it cannot be replayed. */
  async replay(deliveryId: string, now: Date): Promise<PushDeliveryView | undefined | false> {
    const { count } = await this.db.client.pushDelivery.updateMany({
      where: { id: deliveryId, state: { in: REPLAYABLE }, endpointId: { not: null } },
      data: { state: 'pending', attempts: 0, nextAttemptAt: now, updatedAt: now, createdAt: now, lastError: null },
    });
    const row = await this.db.client.pushDelivery.findUnique({ where: { id: deliveryId }, select: DELIVERY_COLUMNS });
    if (!row) return undefined;
    return count === 1 ? toDeliveryView(row) : false;
  }

  /** Replays every dead delivery of a merchant whose endpoint still exists. */
  async replayDead(clientId: string, now: Date): Promise<number> {
    const { count } = await this.db.client.pushDelivery.updateMany({
      where: { clientId, state: 'dead', endpointId: { not: null } },
      data: { state: 'pending', attempts: 0, nextAttemptAt: now, updatedAt: now, createdAt: now, lastError: null },
    });
    return count;
  }
}

function toDeliveryView(r: DeliveryRow): PushDeliveryView {
  return {
    deliveryId: r.id,
    messageId: r.messageId,
    clientId: r.clientId,
    provider: r.provider as PushProviderName,
    state: r.state as PushDeliveryView['state'],
    attempts: r.attempts,
    tokenTail: r.endpoint?.token.slice(-8) ?? '',
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    sentAt: r.sentAt?.toISOString() ?? null,
    nextAttemptAt: r.state === 'pending' ? r.nextAttemptAt.toISOString() : null,
    lastError: r.lastError,
  };
}
