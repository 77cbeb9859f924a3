/**
 * storage-service on device.unbound (any reason: user, force, user-deleted; consumer `storage-service`): that
 * owner's recordings of that device are hidden from the commit on and queued for purge: one purge job, written
 * in one statement with the inbox row (decisions OB3, CS21), which the sweeper works off in bounded batches
 * (rows, hours, clips, then the objects). The event is acked at once however much footage there is. The replica applying it first drops the device's owner from its session facts, so that once
 * the event is applied this replica asks device-service again (every replica does on the live event, RP2).
 */
import { Injectable, Logger } from '@nestjs/common';
import type { EventPayload } from '@dcp/contracts';
import { reactionStatement, type StatementReaction, EventReactionEntry } from '@dcp/runtime';
import { SessionFacts } from '../session/session-facts';
import { purgeCtes, type PurgeOutcome } from './purge';

/** $2 user id, $3 canonical MAC. */
const PURGE_DEVICE = reactionStatement<PurgeOutcome>({
  service: 'storage',
  name: 'device-unbound',
  ctes: purgeCtes(`s.user_id = $2 AND s.mac_addr = $3`, { userId: '$2::int', macAddr: '$3', reason: `'device-unbound'` }),
  select: `0 AS enqueued, (SELECT count(*)::int FROM job) AS jobs`,
});

@Injectable()
@EventReactionEntry()
export class DeviceUnboundReaction implements StatementReaction<'deviceUnbound', PurgeOutcome> {
  readonly event = 'deviceUnbound';
  readonly statement = PURGE_DEVICE;
  private readonly logger = new Logger('storage-device-unbound');

  constructor(private readonly facts: SessionFacts) {}

  before(data: EventPayload<'deviceUnbound'>): void {
    // Canonical already: the event schema normalises every MAC on arrival and refuses anything else (E5).
    this.facts.forgetDevice(data.macAddr);
  }

  params(data: EventPayload<'deviceUnbound'>): readonly unknown[] {
    return [data.userId, data.macAddr];
  }

  applied(row: PurgeOutcome, data: EventPayload<'deviceUnbound'>): void {
    if (row.jobs > 0) this.logger.log(`device ${data.macAddr} unbound from user ${data.userId} (${data.reason}): its footage is hidden and queued for purge`);
  }
}
