/**
 * SSO_RPC.ssoSignMerchantCall (decisions PS10): the spec 5.1 headers of a call another service makes to a
 * merchant (push-service's webhook), signed with the merchant's current secret, so the merchant verifies it as it
 * verifies the platform's token and profile calls — and the secret never leaves sso-service. A merchant that is
 * unknown (030010) or disabled (OP0047) gets no signed call.
 */
import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode, PlatformError, SSO_RPC } from '@dcp/contracts';
import { RUNTIME_CLOCK, type Clock, ServesRpc } from '@dcp/runtime';
import { signedHeaders } from '@dcp/signing';
import { MerchantRepository, type MerchantStore } from './merchant.repository';
import { MerchantSecrets } from './merchant-secrets';

@Injectable()
export class SignMerchantCallUseCase {
  constructor(
    @Inject(MerchantRepository) private readonly merchants: Pick<MerchantStore, 'findByClientId'>,
    private readonly secrets: MerchantSecrets,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
  ) {}

  @ServesRpc(SSO_RPC.ssoSignMerchantCall, 'sign_merchant_call')
  async execute(request: { clientId: string; method: 'GET' | 'POST'; path: string; params: Record<string, string> }): Promise<{ headers: Record<string, string> }> {
    const merchant = await this.merchants.findByClientId(request.clientId);
    if (!merchant) throw new PlatformError(ErrorCode.SSO_SIGNATURE_CLIENT_UNKNOWN, `merchant ${request.clientId} does not exist`);
    if (!merchant.enabled) throw new PlatformError(ErrorCode.SSO_MERCHANT_DISABLED, `merchant ${request.clientId} is disabled`);
    const headers = signedHeaders({ ...request, clientId: merchant.clientId, clientSecret: this.secrets.current(merchant), now: this.clock.now() });
    return { headers: { ...headers } };
  }
}
