/**
 * PUSH_ADMIN_RPC.deleteProvider: removes a merchant's credentials of a provider; its deliveries then end as dead
 * letters until they are set again and replayed (PS11).
 */
import { Injectable, Logger } from '@nestjs/common';
import { ErrorCode, PUSH_ADMIN_RPC, PlatformError, type PushProviderName } from '@dcp/contracts';
import { ServesRpc } from '@dcp/runtime';
import { ProviderCredentials } from '../providers/provider-credentials';

const logger = new Logger('push-admin');

@Injectable()
export class DeletePushProviderUseCase {
  constructor(private readonly credentials: ProviderCredentials) {}

  @ServesRpc(PUSH_ADMIN_RPC.deleteProvider, 'admin.delete_push_provider')
  async execute({ clientId, provider }: { clientId: string; provider: PushProviderName }) {
    const deleted = await this.credentials.delete(clientId, provider);
    if (!deleted) throw new PlatformError(ErrorCode.ADMIN_NOT_FOUND, `merchant ${clientId} has no ${provider} credentials`);
    logger.log(`merchant ${clientId}: ${provider} credentials removed`);
    return { deleted };
  }
}
