/** Merchants in registration order, one page, optionally filtered by `q` (name or clientId) and `enabled` (operator API). */
import { Inject, Injectable } from '@nestjs/common';
import { listMerchantsFilterSchema, parseAdminBody, resolvePage, SSO_ADMIN_RPC } from '@dcp/contracts';
import type { MerchantView } from '@dcp/contracts';
import { RUNTIME_CLOCK, type Clock, ServesRpc } from '@dcp/runtime';
import { toMerchantView } from './merchant.mapper';
import { MerchantRepository, type MerchantStore } from './merchant.repository';
import { MerchantClient } from '../merchant-client/merchant-client';

@Injectable()
export class ListMerchantsUseCase {
  constructor(
    @Inject(MerchantRepository) private readonly merchants: MerchantStore,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
    @Inject(MerchantClient) private readonly client: Pick<MerchantClient, 'callHealth'>,
  ) {}

  @ServesRpc(SSO_ADMIN_RPC.listMerchants, 'admin.list_merchants')
  async execute(request: { limit?: number; offset?: number; q?: unknown; enabled?: unknown }): Promise<{ items: MerchantView[]; total: number }> {
    // The filters come as the query string gave them: a bad one answers ADMIN_VALIDATION_FAILED naming it.
    const filter = parseAdminBody(listMerchantsFilterSchema, { q: request.q, enabled: request.enabled });
    const { limit, offset } = resolvePage(request);
    const { items, total } = await this.merchants.page(filter, limit, offset);
    const now = this.clock.now();
    return { items: items.map((m) => ({ ...toMerchantView(m, now), callHealth: this.client.callHealth(m.clientId) })), total };
  }
}
