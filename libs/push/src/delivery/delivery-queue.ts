/**
 * The deliveries table as a queue (decisions PS11), one hot statement per step so a delivery costs a claim and
 * one finishing statement:
 * - claim: up to N due pending deliveries, FOR UPDATE SKIP LOCKED (replicas never take the same one), each
 *   leased by moving next_attempt_at to the lease's end and counting the attempt — a replica killed mid-send
 *   leaves them to be taken again when the lease ends (at least once);
 * - sent / retry / failed / cancelled: the end of one attempt, only while the delivery is still pending, the
 *   sent and failed ones with their event through the outbox in the same statement (OB3).
 */
import { Inject, Injectable } from '@nestjs/common';
import type { PushProviderName } from '@dcp/contracts';
import { hotStatement } from '@dcp/database';
import { SERVICE_EVENTS, type ServiceEvents, eventHeadJson, outboxEventsCte, serviceDatabaseToken } from '@dcp/runtime';
import { purgePending } from '../messages/hidden-messages';
import type { PushDatabase } from '../push-database.types';

/** A claimed delivery with what its push is made of; endpoint fields are null when the endpoint was removed. */
export interface ClaimedDelivery {
  deliveryId: string;
  messageId: string;
  clientId: string;
  provider: PushProviderName;
  /** Attempts counting this one. */
  attempts: number;
  createdAt: Date;
  token: string | null;
  userUuid: string | null;
  userId: number;
  macAddr: string;
  type: number;
  firstAt: Date;
  count: number;
  pictureBytes: number;
  /** The message is of a pending purge (decisions PS6): gone, so nothing is sent. */
  hidden: boolean;
}

/** $1 now, $2 the lease's end, $3 how many. */
const CLAIM = hotStatement<ClaimedDelivery>(
  'push.delivery-claim',
  `WITH due AS (
     SELECT id FROM "push"."push_delivery"
     WHERE state = 'pending' AND next_attempt_at <= $1::timestamptz
     ORDER BY next_attempt_at LIMIT $3::int
     FOR UPDATE SKIP LOCKED
   ), claimed AS (
     UPDATE "push"."push_delivery" AS d SET next_attempt_at = $2::timestamptz, attempts = d.attempts + 1, updated_at = $1::timestamptz
     FROM due WHERE d.id = due.id
     RETURNING d.id, d.message_id, d.endpoint_id, d.client_id, d.provider, d.attempts, d.created_at
   )
   SELECT c.id::text AS "deliveryId", c.message_id::text AS "messageId", c.client_id AS "clientId", c.provider, c.attempts,
     c.created_at AS "createdAt", e.token, e.user_uuid AS "userUuid", m.user_id AS "userId", m.mac_addr AS "macAddr", m.type,
     m.first_at AS "firstAt", m.count, m.picture_bytes AS "pictureBytes", ${purgePending('m')} AS hidden
   FROM claimed AS c JOIN "push"."alarm_message" AS m ON m.id = c.message_id
   LEFT JOIN "push"."push_endpoint" AS e ON e.id = c.endpoint_id
   ORDER BY c.created_at`,
  'events',
);

interface Changed {
  changed: number;
  enqueued: number;
}

const FINISHED = `SELECT (SELECT count(*)::int FROM done) AS changed, (SELECT count(*)::int FROM events) AS enqueued`;

/** $1 id, $2 now, $3 the alarm.delivered head, $4 latency (ms). */
const SENT = hotStatement<Changed>(
  'push.delivery-sent',
  `WITH done AS (
     UPDATE "push"."push_delivery" SET state = 'sent', sent_at = $2::timestamptz, updated_at = $2::timestamptz, last_error = NULL
     WHERE id = $1::uuid AND state = 'pending'
     RETURNING id, message_id, endpoint_id, client_id, provider, attempts
   ), touched AS (
     UPDATE "push"."push_endpoint" AS e SET last_delivered_at = $2::timestamptz FROM done WHERE e.id = done.endpoint_id RETURNING 1
   ), events AS (${outboxEventsCte('push', 'alarmDelivered', {
     head: '$3',
     from: `done JOIN "push"."alarm_message" AS m ON m.id = done.message_id`,
     data: `jsonb_build_object('deliveryId', done.id, 'messageId', done.message_id, 'userId', m.user_id, 'macAddr', m.mac_addr, 'clientId', done.client_id, 'provider', done.provider, 'attempts', done.attempts, 'latencyMs', $4::int)`,
     order: 'done.id',
   })})
   ${FINISHED}`,
  'events',
);

/** $1 id, $2 now, $3 next attempt, $4 error. */
const RETRY = hotStatement<{ changed: number }>(
  'push.delivery-retry',
  `WITH done AS (
     UPDATE "push"."push_delivery" SET next_attempt_at = $3::timestamptz, updated_at = $2::timestamptz, last_error = left($4::text, 300)
     WHERE id = $1::uuid AND state = 'pending' RETURNING 1
   ) SELECT (SELECT count(*)::int FROM done) AS changed`,
  'events',
);

/** $1 id, $2 now, $3 state (invalid_token, dead), $4 reason, $5 error, $6 the alarm.failed head, $7 remove the endpoint. */
const FAILED = hotStatement<Changed>(
  'push.delivery-failed',
  `WITH done AS (
     UPDATE "push"."push_delivery" SET state = $3::varchar, updated_at = $2::timestamptz, last_error = left($5::text, 300)
     WHERE id = $1::uuid AND state = 'pending'
     RETURNING id, message_id, endpoint_id, client_id, provider, attempts
   ), removed AS (
     DELETE FROM "push"."push_endpoint" AS e USING done WHERE $7::boolean AND e.id = done.endpoint_id RETURNING 1
   ), events AS (${outboxEventsCte('push', 'alarmDeliveryFailed', {
     head: '$6',
     from: `done JOIN "push"."alarm_message" AS m ON m.id = done.message_id`,
     data: `jsonb_build_object('deliveryId', done.id, 'messageId', done.message_id, 'userId', m.user_id, 'macAddr', m.mac_addr, 'clientId', done.client_id, 'provider', done.provider, 'attempts', done.attempts, 'reason', $4::text, 'error', left($5::text, 300))`,
     order: 'done.id',
   })})
   ${FINISHED}`,
  'events',
);

/** $1 id, $2 now, $3 why: the endpoint was removed, or the message is of a pending purge. */
const CANCELLED = hotStatement<{ changed: number }>(
  'push.delivery-cancelled',
  `WITH done AS (
     UPDATE "push"."push_delivery" SET state = 'cancelled', updated_at = $2::timestamptz, last_error = $3::varchar
     WHERE id = $1::uuid AND state = 'pending' RETURNING 1
   ) SELECT (SELECT count(*)::int FROM done) AS changed`,
  'events',
);

export type FailureReason = 'invalid_token' | 'rejected' | 'exhausted';

@Injectable()
export class DeliveryQueue {
  constructor(
    @Inject(serviceDatabaseToken('push')) private readonly db: PushDatabase,
    @Inject(SERVICE_EVENTS) private readonly events: Pick<ServiceEvents<never>, 'poke'>,
  ) {}

  async claim(nowMs: number, leaseMs: number, limit: number): Promise<ClaimedDelivery[]> {
    const rows = await this.db.run(CLAIM, [new Date(nowMs), new Date(nowMs + leaseMs), limit]);
    return rows.map((r) => ({ ...r, attempts: Number(r.attempts), userId: Number(r.userId), type: Number(r.type), count: Number(r.count), pictureBytes: Number(r.pictureBytes), hidden: r.hidden === true }));
  }

  async sent(deliveryId: string, nowMs: number, latencyMs: number): Promise<boolean> {
    return this.finish(await this.db.run(SENT, [deliveryId, new Date(nowMs), eventHeadJson('alarmDelivered'), Math.max(0, Math.round(latencyMs))]));
  }

  async retry(deliveryId: string, nowMs: number, nextAttemptMs: number, error: string): Promise<boolean> {
    const [row] = await this.db.run(RETRY, [deliveryId, new Date(nowMs), new Date(nextAttemptMs), error]);
    return Number(row?.changed ?? 0) > 0;
  }

  /** Ends a delivery that did not reach the provider; an invalid token's endpoint goes with it. */
  async failed(deliveryId: string, nowMs: number, reason: FailureReason, error: string): Promise<boolean> {
    const state = reason === 'invalid_token' ? 'invalid_token' : 'dead';
    return this.finish(await this.db.run(FAILED, [deliveryId, new Date(nowMs), state, reason, error, eventHeadJson('alarmDeliveryFailed'), reason === 'invalid_token']));
  }

  async cancelled(deliveryId: string, nowMs: number, why: string): Promise<boolean> {
    const [row] = await this.db.run(CANCELLED, [deliveryId, new Date(nowMs), why]);
    return Number(row?.changed ?? 0) > 0;
  }

  private finish([row]: Changed[]): boolean {
    // The event rows are committed: the relay publishes them now rather than at its next poll.
    if (Number(row?.enqueued ?? 0) > 0) this.events.poke();
    return Number(row?.changed ?? 0) > 0;
  }
}
