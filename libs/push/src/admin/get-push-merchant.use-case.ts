/**
 * PUSH_ADMIN_RPC.getMerchant (`GET /admin/v1/push/merchants/{clientId}`): a merchant's providers (never their keys),
 * message retention and delivery health; a merchant sso-service does not know is ADMIN_NOT_FOUND.
 */
import { Injectable } from '@nestjs/common';
import { PUSH_ADMIN_RPC } from '@dcp/contracts';
import { ServesRpc } from '@dcp/runtime';
import { PushMerchantViews } from './push-merchant.view';

@Injectable()
export class GetPushMerchantUseCase {
  constructor(private readonly views: PushMerchantViews) {}

  @ServesRpc(PUSH_ADMIN_RPC.getMerchant, 'admin.push_merchant')
  async execute({ clientId }: { clientId: string }) {
    await this.views.assertMerchantExists(clientId);
    return this.views.of(clientId);
  }
}
