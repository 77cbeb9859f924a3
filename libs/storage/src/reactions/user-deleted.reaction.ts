/**
 * storage-service on user.deleted (consumer `storage-service`): every recording of the user, on every device,
 * loses its index rows and its objects are enqueued for deletion (the sweeper deletes them after the commit),
 * in one statement with the inbox row (decisions OB3). The replica applying it first drops the user's subtoken
 * and devices from its session facts (every replica does on the live event, RP2).
 */
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EventPayload } from '@dcp/contracts';
import { RUNTIME_CLOCK, reactionStatement, type Clock, type StatementReaction, EventReactionEntry } from '@dcp/runtime';
import { SessionFacts } from '../session/session-facts';
import { purgeCtes, type PurgeOutcome } from './purge';

/** $2 user id, $3 when the objects are due for deletion. */
const PURGE_USER = reactionStatement<PurgeOutcome>({
  service: 'storage',
  name: 'user-deleted',
  ctes: purgeCtes(`s.user_id = $2`, '$3'),
  select: `0 AS enqueued, (SELECT count(*)::int FROM purged) AS purged`,
});

@Injectable()
@EventReactionEntry()
export class UserDeletedReaction implements StatementReaction<'userDeleted', PurgeOutcome> {
  readonly event = 'userDeleted';
  readonly statement = PURGE_USER;
  private readonly logger = new Logger('storage-user-deleted');

  constructor(
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
    private readonly facts: SessionFacts,
  ) {}

  before(data: EventPayload<'userDeleted'>): void {
    this.facts.forgetUser(data.userId);
  }

  params(data: EventPayload<'userDeleted'>): readonly unknown[] {
    return [data.userId, new Date(this.clock.now())];
  }

  applied(row: PurgeOutcome, data: EventPayload<'userDeleted'>): void {
    if (row.purged > 0) this.logger.log(`user ${data.userId} deleted: ${row.purged} segment(s) purged`);
  }
}
