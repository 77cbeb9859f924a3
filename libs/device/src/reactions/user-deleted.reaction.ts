/**
 * device-service on user.deleted: the user's devices go with the user, each publishing device.unbound
 * (reason user-deleted), in the order they were added. One statement with the inbox row (decisions OB3),
 * so a redelivered event changes nothing.
 */
import { Injectable, Logger } from '@nestjs/common';
import type { EventPayload } from '@dcp/contracts';
import { EventReactionEntry, eventHeadJson, outboxEventsCte, reactionStatement, type StatementOutcome, type StatementReaction } from '@dcp/runtime';

interface Outcome extends StatementOutcome {
  removed: number;
}

/** $2 user id, $3 the device.unbound head. */
const UNBIND_ALL = reactionStatement<Outcome>({
  service: 'device',
  name: 'user-deleted',
  ctes: `gone AS (
       DELETE FROM "device"."device" AS d USING inbox WHERE d.user_id = $2
       RETURNING d.id, d.user_id, d.mac_addr
     ), events AS (${outboxEventsCte('device', 'deviceUnbound', {
       head: '$3',
       from: 'gone AS g',
       data: `jsonb_build_object('macAddr', g.mac_addr, 'userId', g.user_id, 'reason', 'user-deleted')`,
       order: 'g.id',
     })})`,
  select: `(SELECT count(*)::int FROM events) AS enqueued, (SELECT count(*)::int FROM gone) AS removed`,
});

@Injectable()
@EventReactionEntry()
export class UserDeletedReaction implements StatementReaction<'userDeleted', Outcome> {
  readonly event = 'userDeleted';
  readonly statement = UNBIND_ALL;
  private readonly logger = new Logger('device-user-deleted');

  params(data: EventPayload<'userDeleted'>): readonly unknown[] {
    return [data.userId, eventHeadJson('deviceUnbound')];
  }

  applied(row: Outcome, data: EventPayload<'userDeleted'>): void {
    if (row.removed > 0) this.logger.log(`user ${data.userId} deleted: ${row.removed} device(s) unbound`);
  }
}
