/**
 * permission-service on device.unbound (consumer `permission-service`, inside the inbox transaction): the
 * user's grants in service on that device end (revoked, 'device-unbound', each publishing grant.revoked);
 * grants waiting for that device are released (ipcMac cleared) so they can be activated on another device.
 */
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EventPayload } from '@dcp/contracts';
import { RUNTIME_CLOCK, SERVICE_EVENTS, type Clock, type EventReaction, type ServiceEvents } from '@dcp/runtime';
import { PermissionMetrics } from '../common/permission-metrics';
import { GrantRepository } from '../grants/grant.repository';
import type { PermissionTransaction } from '../permission-database.types';
import { enqueueRevoked } from './grant-revoked';

@Injectable()
export class DeviceUnboundReaction implements EventReaction<'deviceUnbound', PermissionTransaction> {
  readonly event = 'deviceUnbound';
  private readonly logger = new Logger('permission-device-unbound');

  constructor(
    private readonly grants: GrantRepository,
    private readonly metrics: PermissionMetrics,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
    @Inject(SERVICE_EVENTS) private readonly events: ServiceEvents<PermissionTransaction>,
  ) {}

  async react(data: EventPayload<'deviceUnbound'>, tx: PermissionTransaction): Promise<void> {
    // Canonical already: the event schema normalises every MAC on arrival and refuses anything else (E5).
    const mac = data.macAddr;
    const { revoked, released } = await this.grants.releaseDevice(tx, data.userId, mac, this.clock.now());
    await enqueueRevoked(this.events, tx, revoked, 'device-unbound');
    this.metrics.reaction('device.unbound', 'revoked', revoked.length);
    this.metrics.reaction('device.unbound', 'released', released);
    if (revoked.length + released > 0) this.logger.log(`device ${mac} unbound from user ${data.userId} (${data.reason}): ${revoked.length} grant(s) ended, ${released} released`);
  }
}
