/**
 * storage-service on user.deleted (consumer `storage-service`): every recording of the user, on every device,
 * is hidden from the commit on and queued for purge: one purge job, written in one statement with the inbox
 * row (decisions OB3, CS21), which the sweeper works off in bounded batches. The event is acked at once. The replica applying it first drops the user's subtoken
 * and devices from its session facts (every replica does on the live event, RP2).
 */
import { Injectable, Logger } from '@nestjs/common';
import type { EventPayload } from '@dcp/contracts';
import { reactionStatement, type StatementReaction, EventReactionEntry } from '@dcp/runtime';
import { SessionFacts } from '../session/session-facts';
import { purgeCtes, type PurgeOutcome } from './purge';

/** $2 user id. */
const PURGE_USER = reactionStatement<PurgeOutcome>({
  service: 'storage',
  name: 'user-deleted',
  ctes: purgeCtes(`s.user_id = $2`, { userId: '$2::int', macAddr: 'NULL', reason: `'user-deleted'` }),
  select: `0 AS enqueued, (SELECT count(*)::int FROM job) AS jobs`,
});

@Injectable()
@EventReactionEntry()
export class UserDeletedReaction implements StatementReaction<'userDeleted', PurgeOutcome> {
  readonly event = 'userDeleted';
  readonly statement = PURGE_USER;
  private readonly logger = new Logger('storage-user-deleted');

  constructor(private readonly facts: SessionFacts) {}

  before(data: EventPayload<'userDeleted'>): void {
    this.facts.forgetUser(data.userId);
  }

  params(data: EventPayload<'userDeleted'>): readonly unknown[] {
    return [data.userId];
  }

  applied(row: PurgeOutcome, data: EventPayload<'userDeleted'>): void {
    if (row.jobs > 0) this.logger.log(`user ${data.userId} deleted: their footage is hidden and queued for purge`);
  }
}
