/**
 * PUSH_ADMIN_RPC.replayDead (`POST /admin/v1/push/merchants/{clientId}/replay-dead`): every dead letter of a merchant
 * whose endpoint is still registered, after its credentials or push server were fixed.
 */
import { Inject, Injectable, Logger } from '@nestjs/common';
import { PUSH_ADMIN_RPC } from '@dcp/contracts';
import { RUNTIME_CLOCK, type Clock, ServesRpc } from '@dcp/runtime';
import { DeliveryDispatcher } from '../delivery/delivery-dispatcher';
import { DeliveryAdminRepository } from './delivery-admin.repository';

const logger = new Logger('push-admin');

@Injectable()
export class ReplayDeadDeliveriesUseCase {
  constructor(
    private readonly deliveries: DeliveryAdminRepository,
    private readonly dispatcher: DeliveryDispatcher,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
  ) {}

  @ServesRpc(PUSH_ADMIN_RPC.replayDead, 'admin.replay_dead_push_deliveries')
  async execute({ clientId }: { clientId: string }) {
    const replayed = await this.deliveries.replayDead(clientId, new Date(this.clock.now()));
    if (replayed > 0) {
      logger.log(`merchant ${clientId}: ${replayed} dead deliveries replayed`);
      this.dispatcher.wake();
    }
    return { replayed };
  }
}
