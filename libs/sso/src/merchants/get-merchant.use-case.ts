import { Inject, Injectable } from '@nestjs/common';
import type { MerchantView } from '@dcp/contracts';
import { RUNTIME_CLOCK, type Clock, ServesRpc } from '@dcp/runtime';
import { merchantNotFound } from './admin-input';
import { toMerchantView } from './merchant.mapper';
import { MerchantRepository, type MerchantStore } from './merchant.repository';
import { MerchantClient } from '../merchant-client/merchant-client';
import { SSO_ADMIN_RPC } from '@dcp/contracts';

@Injectable()
export class GetMerchantUseCase {
  constructor(
    @Inject(MerchantRepository) private readonly merchants: MerchantStore,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
    @Inject(MerchantClient) private readonly client: Pick<MerchantClient, 'callHealth'>,
  ) {}

  @ServesRpc(SSO_ADMIN_RPC.getMerchant, 'admin.get_merchant')
  async execute(request: { clientId: string }): Promise<MerchantView> {
    const merchant = await this.merchants.findByClientId(request.clientId);
    if (!merchant) throw merchantNotFound(request.clientId);
    return { ...toMerchantView(merchant, this.clock.now()), callHealth: this.client.callHealth(merchant.clientId) };
  }
}
