/**
 * PUSH_ADMIN_RPC.listDeliveries (`GET /admin/v1/push/deliveries`): deliveries by merchant, state or message, most
 * recently changed first.
 */
import { Injectable } from '@nestjs/common';
import { PUSH_ADMIN_RPC, resolvePage } from '@dcp/contracts';
import { ServesRpc } from '@dcp/runtime';
import { DeliveryAdminRepository } from './delivery-admin.repository';

@Injectable()
export class ListDeliveriesUseCase {
  constructor(private readonly deliveries: DeliveryAdminRepository) {}

  @ServesRpc(PUSH_ADMIN_RPC.listDeliveries, 'admin.list_push_deliveries')
  async execute(req: { clientId?: string; state?: string; messageId?: string; limit?: number; offset?: number }) {
    const { limit, offset } = resolvePage(req);
    return this.deliveries.page({ clientId: req.clientId, state: req.state, messageId: req.messageId }, offset, limit);
  }
}
