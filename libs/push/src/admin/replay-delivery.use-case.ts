/**
 * PUSH_ADMIN_RPC.replayDelivery (`POST /admin/v1/push/deliveries/{id}/replay`, decisions PS11): a dead letter whose
 * endpoint is still registered becomes pending again and this replica's dispatcher sends it at once; anything
 * else is ADMIN_CONFLICT.
 */
import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode, PUSH_ADMIN_RPC, PlatformError } from '@dcp/contracts';
import { RUNTIME_CLOCK, type Clock, ServesRpc } from '@dcp/runtime';
import { DeliveryDispatcher } from '../delivery/delivery-dispatcher';
import { DeliveryAdminRepository } from './delivery-admin.repository';

@Injectable()
export class ReplayDeliveryUseCase {
  constructor(
    private readonly deliveries: DeliveryAdminRepository,
    private readonly dispatcher: DeliveryDispatcher,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
  ) {}

  @ServesRpc(PUSH_ADMIN_RPC.replayDelivery, 'admin.replay_push_delivery')
  async execute({ deliveryId }: { deliveryId: string }) {
    const replayed = await this.deliveries.replay(deliveryId, new Date(this.clock.now()));
    if (replayed === undefined) throw new PlatformError(ErrorCode.ADMIN_NOT_FOUND, `no delivery ${deliveryId}`);
    if (replayed === false) throw new PlatformError(ErrorCode.ADMIN_CONFLICT, `delivery ${deliveryId} is not a dead letter with its endpoint still registered`);
    this.dispatcher.wake();
    return replayed;
  }
}
