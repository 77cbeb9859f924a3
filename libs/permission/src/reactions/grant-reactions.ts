/**
 * permission-service's durable reactions (consumer `permission-service`), each run inside the inbox
 * transaction, so an event delivered again changes nothing the second time:
 * - user.deleted: every grant of the user is revoked ('user-deleted');
 * - device.unbound: the user's grants in service on that device end (revoked, 'device-unbound'); grants
 *   waiting for that device are released (ipcMac cleared) so they can be activated on another device.
 * Every revoked grant publishes one grant.revoked through the outbox, in the same transaction.
 */
import { Inject, Injectable, Logger } from '@nestjs/common';
import { RUNTIME_CLOCK, type Clock } from '@dcp/runtime';
import { normalizeMac, type EventPayload } from '@dcp/contracts';
import { GrantRepository } from '../grants/grant.repository';
import type { PermissionTransaction } from '../infrastructure/permission-database';
import { PermissionMetrics } from '../common/permission-metrics';

@Injectable()
export class GrantReactions {
  private readonly logger = new Logger('permission-reactions');

  constructor(
    private readonly grants: GrantRepository,
    private readonly metrics: PermissionMetrics,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
  ) {}

  async userDeleted(data: EventPayload<'userDeleted'>, tx: PermissionTransaction): Promise<void> {
    const revoked = await this.grants.revokeAllOf(tx, data.userId, this.clock.now(), 'user-deleted');
    await this.grants.enqueueRevoked(tx, revoked, 'user-deleted');
    this.metrics.reaction('user.deleted', 'revoked', revoked.length);
    if (revoked.length > 0) this.logger.log(`user ${data.userId} deleted: ${revoked.length} grant(s) revoked`);
  }

  async deviceUnbound(data: EventPayload<'deviceUnbound'>, tx: PermissionTransaction): Promise<void> {
    const mac = normalizeMac(data.macAddr) ?? data.macAddr;
    const { revoked, released } = await this.grants.releaseDevice(tx, data.userId, mac, this.clock.now());
    await this.grants.enqueueRevoked(tx, revoked, 'device-unbound');
    this.metrics.reaction('device.unbound', 'revoked', revoked.length);
    this.metrics.reaction('device.unbound', 'released', released);
    if (revoked.length + released > 0) this.logger.log(`device ${mac} unbound from user ${data.userId} (${data.reason}): ${revoked.length} grant(s) ended, ${released} released`);
  }
}
