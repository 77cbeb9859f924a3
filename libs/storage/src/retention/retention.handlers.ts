/**
 * Reactions to other services' events (consumer `storage-service`), inside the inbox transaction: the
 * recordings of an unbound device (that device under that owner) or of a deleted user lose their index rows —
 * unplayable from the commit on — and their objects are enqueued for deletion (the sweeper deletes them
 * after the commit).
 */
import { Injectable, Logger } from '@nestjs/common';
import { type EventPayload, normalizeMac } from '@dcp/contracts';
import type { StorageTransaction } from '../infrastructure/storage-database';
import { SegmentRepository } from '../recordings/segment.repository';
import { ObjectDeletions } from './object-deletions';

@Injectable()
export class RetentionHandlers {
  private readonly logger = new Logger('storage-retention');

  constructor(
    private readonly segments: SegmentRepository,
    private readonly deletions: ObjectDeletions,
  ) {}

  /** device.unbound (any reason: user, force, user-deleted): that owner's recordings of that device. */
  async deviceUnbound(data: EventPayload<'deviceUnbound'>, tx: StorageTransaction, nowMs: number): Promise<void> {
    const mac = normalizeMac(data.macAddr);
    if (!mac) return;
    const keys = await this.segments.removeDeviceOfUser(tx, mac, data.userId);
    await this.deletions.enqueue(keys, new Date(nowMs), tx);
    if (keys.length > 0) this.logger.log(`device ${mac} unbound from user ${data.userId} (${data.reason}): ${keys.length} segment(s) purged`);
  }

  /** user.deleted: every recording of the user, on every device. */
  async userDeleted(data: EventPayload<'userDeleted'>, tx: StorageTransaction, nowMs: number): Promise<void> {
    const keys = await this.segments.removeUser(tx, data.userId);
    await this.deletions.enqueue(keys, new Date(nowMs), tx);
    if (keys.length > 0) this.logger.log(`user ${data.userId} deleted: ${keys.length} segment(s) purged`);
  }
}
