/**
 * permission-service on user.deleted (consumer `permission-service`, inside the inbox transaction, so an
 * event delivered again changes nothing): every grant of the user is revoked ('user-deleted'), each
 * publishing grant.revoked (enqueued in the same transaction).
 */
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EventPayload } from '@dcp/contracts';
import { RUNTIME_CLOCK, SERVICE_EVENTS, type Clock, type EventReaction, type ServiceEvents } from '@dcp/runtime';
import { PermissionMetrics } from '../common/permission-metrics';
import { GrantRepository } from '../grants/grant.repository';
import type { PermissionTransaction } from '../permission-database.types';
import { enqueueRevoked } from './grant-revoked';

@Injectable()
export class UserDeletedReaction implements EventReaction<'userDeleted', PermissionTransaction> {
  readonly event = 'userDeleted';
  private readonly logger = new Logger('permission-user-deleted');

  constructor(
    private readonly grants: GrantRepository,
    private readonly metrics: PermissionMetrics,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
    @Inject(SERVICE_EVENTS) private readonly events: ServiceEvents<PermissionTransaction>,
  ) {}

  async react(data: EventPayload<'userDeleted'>, tx: PermissionTransaction): Promise<void> {
    const revoked = await this.grants.revokeAllOf(tx, data.userId, this.clock.now(), 'user-deleted');
    await enqueueRevoked(this.events, tx, revoked, 'user-deleted');
    this.metrics.reaction('user.deleted', 'revoked', revoked.length);
    if (revoked.length > 0) this.logger.log(`user ${data.userId} deleted: ${revoked.length} grant(s) revoked`);
  }
}
