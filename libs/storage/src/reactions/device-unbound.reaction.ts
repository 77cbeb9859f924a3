/**
 * storage-service on device.unbound (any reason: user, force, user-deleted; consumer `storage-service`): that
 * owner's recordings of that device lose their index rows — unplayable from the commit on — and their objects
 * are enqueued for deletion (the sweeper deletes them after the commit), in one statement with the inbox row
 * (decisions OB3). The replica applying it first drops the device's owner from its session facts, so that once
 * the event is applied this replica asks device-service again (every replica does on the live event, RP2).
 */
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EventPayload } from '@dcp/contracts';
import { RUNTIME_CLOCK, reactionStatement, type Clock, type StatementReaction, EventReactionEntry } from '@dcp/runtime';
import { SessionFacts } from '../session/session-facts';
import { purgeCtes, type PurgeOutcome } from './purge';

/** $2 user id, $3 canonical MAC, $4 when the objects are due for deletion. */
const PURGE_DEVICE = reactionStatement<PurgeOutcome>({
  service: 'storage',
  name: 'device-unbound',
  ctes: purgeCtes(`s.user_id = $2 AND s.mac_addr = $3`, '$4'),
  select: `0 AS enqueued, (SELECT count(*)::int FROM purged) AS purged`,
});

@Injectable()
@EventReactionEntry()
export class DeviceUnboundReaction implements StatementReaction<'deviceUnbound', PurgeOutcome> {
  readonly event = 'deviceUnbound';
  readonly statement = PURGE_DEVICE;
  private readonly logger = new Logger('storage-device-unbound');

  constructor(
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
    private readonly facts: SessionFacts,
  ) {}

  before(data: EventPayload<'deviceUnbound'>): void {
    // Canonical already: the event schema normalises every MAC on arrival and refuses anything else (E5).
    this.facts.forgetDevice(data.macAddr);
  }

  params(data: EventPayload<'deviceUnbound'>): readonly unknown[] {
    return [data.userId, data.macAddr, new Date(this.clock.now())];
  }

  applied(row: PurgeOutcome, data: EventPayload<'deviceUnbound'>): void {
    if (row.purged > 0) this.logger.log(`device ${data.macAddr} unbound from user ${data.userId} (${data.reason}): ${row.purged} segment(s) purged`);
  }
}
