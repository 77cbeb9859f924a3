/**
 * device-service on user.deleted: the user's devices go with the user, each publishing device.unbound
 * (reason user-deleted). Runs inside the inbox transaction, so a redelivered event changes nothing.
 */
import { Injectable, Logger } from '@nestjs/common';
import type { EventPayload } from '@dcp/contracts';
import type { EventReaction } from '@dcp/runtime';
import { DeviceRepository } from '../devices/device.repository';
import type { DeviceTransaction } from '../device-database.types';

@Injectable()
export class UserDeletedReaction implements EventReaction<'userDeleted', DeviceTransaction> {
  readonly event = 'userDeleted';
  private readonly logger = new Logger('device-user-deleted');

  constructor(private readonly devices: DeviceRepository) {}

  async react(data: EventPayload<'userDeleted'>, tx: DeviceTransaction): Promise<void> {
    const removed = await this.devices.unbindAllOfUser(tx, data.userId);
    if (removed > 0) this.logger.log(`user ${data.userId} deleted: ${removed} device(s) unbound`);
  }
}
