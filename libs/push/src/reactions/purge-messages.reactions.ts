/**
 * push-service on user.deleted and device.unbound (consumer `push-service`; decisions PS6, PS8, PS9): the user's
 * messages — all of them, or those of the unbound device — go with their pictures and pending deliveries (ON
 * DELETE CASCADE); a deleted user's endpoints and switches go too; an unbound device leaves the device sets of
 * the user's endpoints (an endpoint for that device alone goes: an empty set would mean every device) and its
 * switches go. One statement with the inbox row (decisions OB3). Writes no events.
 *
 * The statement deletes at most MESSAGES_PURGED_WITH_EVENT messages (decisions GT2): with more, it records the
 * rest as a message_purge (those received up to now) that the retention job deletes in batches within the next
 * minutes, so the event's transaction stays short however many messages a storm left.
 */
import { Injectable, Logger } from '@nestjs/common';
import type { EventPayload } from '@dcp/contracts';
import { EventReactionEntry, type StatementOutcome, type StatementReaction, reactionStatement } from '@dcp/runtime';

interface PurgeOutcome extends StatementOutcome {
  purged: number;
  /** Messages were left for the retention job. */
  deferred: boolean;
}

/** Messages an event's statement deletes itself; beyond, the retention job (MESSAGE_BATCH a statement) does. */
export const MESSAGES_PURGED_WITH_EVENT = 1000;

const COUNTED = `0 AS enqueued, (SELECT count(*)::int FROM purged) AS purged, EXISTS (SELECT 1 FROM deferred) AS deferred`;

/**
 * `doomed`: up to one message more than the statement deletes, of those `where` (over alias m) names, so it knows
 * whether some are left: they are recorded for the retention job. Deleted by row address (a TID scan, whatever
 * the planner estimates). $2 user id; `mac` the device's MAC or ''.
 */
function purgeMessages(where: string, mac: string): string {
  return `doomed AS (
    SELECT m.ctid AS row_id FROM "push"."alarm_message" AS m, inbox WHERE ${where} LIMIT ${MESSAGES_PURGED_WITH_EVENT + 1}
  ), purged AS (
    DELETE FROM "push"."alarm_message" AS m WHERE m.ctid = ANY (ARRAY(SELECT row_id FROM doomed LIMIT ${MESSAGES_PURGED_WITH_EVENT})) RETURNING 1
  ), deferred AS (
    INSERT INTO "push"."message_purge" (user_id, mac_addr, received_before)
    SELECT $2::int, ${mac}, now() WHERE (SELECT count(*) FROM doomed) > ${MESSAGES_PURGED_WITH_EVENT}
    RETURNING 1
  )`;
}

/** $2 user id. */
const USER_ENDPOINTS = `endpoints AS (DELETE FROM "push"."push_endpoint" AS e USING inbox WHERE e.user_id = $2 RETURNING 1),
  switches AS (DELETE FROM "push"."push_switch" AS s USING inbox WHERE s.user_id = $2 RETURNING 1)`;

/** $2 user id, $3 canonical MAC. */
const DEVICE_ENDPOINTS = `trimmed AS (
    UPDATE "push"."push_endpoint" AS e SET mac_addrs = array_remove(e.mac_addrs, $3::varchar) FROM inbox
    WHERE e.user_id = $2 AND $3::varchar = ANY (e.mac_addrs) AND cardinality(e.mac_addrs) > 1 RETURNING 1
  ), dropped AS (
    DELETE FROM "push"."push_endpoint" AS e USING inbox WHERE e.user_id = $2 AND e.mac_addrs = ARRAY[$3::varchar] RETURNING 1
  ), switches AS (DELETE FROM "push"."push_switch" AS s USING inbox WHERE s.user_id = $2 AND s.mac_addr = $3 RETURNING 1)`;

/** $2 user id. */
const PURGE_USER = reactionStatement<PurgeOutcome>({
  service: 'push',
  name: 'user-deleted',
  ctes: `${purgeMessages('m.user_id = $2', `''`)}, ${USER_ENDPOINTS}`,
  select: COUNTED,
});

/** $2 user id, $3 canonical MAC. */
const PURGE_DEVICE = reactionStatement<PurgeOutcome>({
  service: 'push',
  name: 'device-unbound',
  ctes: `${purgeMessages('m.user_id = $2 AND m.mac_addr = $3', '$3::varchar')}, ${DEVICE_ENDPOINTS}`,
  select: COUNTED,
});

@Injectable()
@EventReactionEntry()
export class UserDeletedReaction implements StatementReaction<'userDeleted', PurgeOutcome> {
  readonly event = 'userDeleted';
  readonly statement = PURGE_USER;
  private readonly logger = new Logger('push-user-deleted');

  params(data: EventPayload<'userDeleted'>): readonly unknown[] {
    return [data.userId];
  }

  applied(row: PurgeOutcome, data: EventPayload<'userDeleted'>): void {
    if (row.purged > 0) this.logger.log(`user ${data.userId} deleted: ${row.purged} message(s) purged${row.deferred ? ', the rest left to the retention job' : ''}`);
  }
}

@Injectable()
@EventReactionEntry()
export class DeviceUnboundReaction implements StatementReaction<'deviceUnbound', PurgeOutcome> {
  readonly event = 'deviceUnbound';
  readonly statement = PURGE_DEVICE;
  private readonly logger = new Logger('push-device-unbound');

  params(data: EventPayload<'deviceUnbound'>): readonly unknown[] {
    return [data.userId, data.macAddr];
  }

  applied(row: PurgeOutcome, data: EventPayload<'deviceUnbound'>): void {
    if (row.purged > 0) this.logger.log(`device ${data.macAddr} unbound from user ${data.userId} (${data.reason}): ${row.purged} message(s) purged${row.deferred ? ', the rest left to the retention job' : ''}`);
  }
}
