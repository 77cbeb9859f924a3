/**
 * storage-service on user.deleted (consumer `storage-service`, inside the inbox transaction): every recording
 * of the user, on every device, loses its index rows and its objects are enqueued for deletion (the sweeper
 * deletes them after the commit). The replica applying it also drops the user's subtoken and devices from
 * its session facts here (every replica does on the live event, RP2).
 */
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EventPayload } from '@dcp/contracts';
import { RUNTIME_CLOCK, type Clock, type EventReaction } from '@dcp/runtime';
import type { StorageTransaction } from '../storage-database.types';
import { SegmentRepository } from '../recordings/segment.repository';
import { ObjectDeletions } from '../retention/object-deletions';
import { SessionFacts } from '../session/session-facts';

@Injectable()
export class UserDeletedReaction implements EventReaction<'userDeleted', StorageTransaction> {
  readonly event = 'userDeleted';
  private readonly logger = new Logger('storage-user-deleted');

  constructor(
    private readonly segments: SegmentRepository,
    private readonly deletions: ObjectDeletions,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
    private readonly facts: SessionFacts,
  ) {}

  async react(data: EventPayload<'userDeleted'>, tx: StorageTransaction): Promise<void> {
    this.facts.forgetUser(data.userId);
    const keys = await this.segments.removeUser(tx, data.userId);
    await this.deletions.enqueue(keys, new Date(this.clock.now()), tx);
    if (keys.length > 0) this.logger.log(`user ${data.userId} deleted: ${keys.length} segment(s) purged`);
  }
}
