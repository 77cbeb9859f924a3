/**
 * storage-service on device.unbound (any reason: user, force, user-deleted; consumer `storage-service`, inside
 * the inbox transaction): that owner's recordings of that device lose their index rows — unplayable from the
 * commit on — and their objects are enqueued for deletion (the sweeper deletes them after the commit).
 * The replica applying it also drops the device's owner from its session facts here, so that once the
 * event is applied this replica asks device-service again (every replica does on the live event, RP2).
 */
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EventPayload } from '@dcp/contracts';
import { RUNTIME_CLOCK, type Clock, type EventReaction } from '@dcp/runtime';
import type { StorageTransaction } from '../storage-database.types';
import { SegmentRepository } from '../recordings/segment.repository';
import { ObjectDeletions } from '../retention/object-deletions';
import { SessionFacts } from '../session/session-facts';

@Injectable()
export class DeviceUnboundReaction implements EventReaction<'deviceUnbound', StorageTransaction> {
  readonly event = 'deviceUnbound';
  private readonly logger = new Logger('storage-device-unbound');

  constructor(
    private readonly segments: SegmentRepository,
    private readonly deletions: ObjectDeletions,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
    private readonly facts: SessionFacts,
  ) {}

  async react(data: EventPayload<'deviceUnbound'>, tx: StorageTransaction): Promise<void> {
    // Canonical already: the event schema normalises every MAC on arrival and refuses anything else (E5).
    const mac = data.macAddr;
    this.facts.forgetDevice(mac);
    const keys = await this.segments.removeDeviceOfUser(tx, mac, data.userId);
    await this.deletions.enqueue(keys, new Date(this.clock.now()), tx);
    if (keys.length > 0) this.logger.log(`device ${mac} unbound from user ${data.userId} (${data.reason}): ${keys.length} segment(s) purged`);
  }
}
