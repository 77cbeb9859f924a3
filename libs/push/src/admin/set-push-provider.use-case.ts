/**
 * PUSH_ADMIN_RPC.setProvider (`PUT /admin/v1/push/merchants/{clientId}/providers/{provider}`, decisions PS10):
 * checks and stores a merchant's credentials of one provider, replacing any; logs what names them, never a key.
 */
import { Injectable, Logger } from '@nestjs/common';
import { PUSH_ADMIN_RPC, type PushProviderName } from '@dcp/contracts';
import { ServesRpc } from '@dcp/runtime';
import { ProviderCredentials } from '../providers/provider-credentials';
import { PushMerchantViews } from './push-merchant.view';

const logger = new Logger('push-admin');

@Injectable()
export class SetPushProviderUseCase {
  constructor(
    private readonly views: PushMerchantViews,
    private readonly credentials: ProviderCredentials,
  ) {}

  @ServesRpc(PUSH_ADMIN_RPC.setProvider, 'admin.set_push_provider')
  async execute({ clientId, provider, body }: { clientId: string; provider: PushProviderName; body: unknown }) {
    await this.views.assertMerchantExists(clientId);
    const view = await this.credentials.set(clientId, provider, body);
    logger.log(`merchant ${clientId}: ${provider} credentials set (${Object.entries(view.summary).map(([k, v]) => `${k} ${v}`).join(', ')})`);
    return view;
  }
}
