/**
 * PUSH_ADMIN_RPC.listHealth (`GET /admin/v1/push/health`): delivery health of every merchant and provider over the
 * last 24 hours, with the breaker of the replica that answers.
 */
import { Injectable } from '@nestjs/common';
import { PUSH_ADMIN_RPC } from '@dcp/contracts';
import { ServesRpc } from '@dcp/runtime';
import { PushMerchantViews } from './push-merchant.view';

@Injectable()
export class ListPushHealthUseCase {
  constructor(private readonly views: PushMerchantViews) {}

  @ServesRpc(PUSH_ADMIN_RPC.listHealth, 'admin.push_health')
  async execute() {
    return { items: await this.views.allHealth() };
  }
}
