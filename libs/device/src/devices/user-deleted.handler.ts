/**
 * Consumer of user.deleted: the user's devices go with the user, each publishing device.unbound
 * (reason user-deleted). Runs inside the inbox transaction, so a redelivered event changes nothing.
 */
import { Injectable, Logger } from '@nestjs/common';
import type { EventPayload } from '@dcp/contracts';
import type { DeviceTransaction } from '../infrastructure/device-database';
import { DeviceRepository } from './device.repository';

@Injectable()
export class UserDeletedHandler {
  private readonly logger = new Logger('device-user-deleted');

  constructor(private readonly devices: DeviceRepository) {}

  async handle(data: EventPayload<'userDeleted'>, tx: DeviceTransaction): Promise<void> {
    const removed = await this.devices.unbindAllOfUser(tx, data.userId);
    if (removed > 0) this.logger.log(`user ${data.userId} deleted: ${removed} device(s) unbound`);
  }
}
