/**
 * Merchants in registration order, one page, optionally filtered by `q` (name or clientId) and `enabled`
 * (operator API). Paged by cursor or a bounded offset, the total exact or estimated (admin-paging.ts).
 */
import { Inject, Injectable } from '@nestjs/common';
import { type ListPage, listMerchantsFilterSchema, listPaging, parseAdminBody, SSO_ADMIN_RPC } from '@dcp/contracts';
import type { MerchantView } from '@dcp/contracts';
import { RUNTIME_CLOCK, type Clock, ServesRpc } from '@dcp/runtime';
import { z } from 'zod';
import { toMerchantView } from './merchant.mapper';
import { MerchantRepository, type MerchantStore } from './merchant.repository';
import { MerchantClient } from '../merchant-client/merchant-client';

/** The merchant list's pages, by merchant id. */
const MERCHANT_PAGES = listPaging('merchants', z.tuple([z.number().int().positive()]));

@Injectable()
export class ListMerchantsUseCase {
  constructor(
    @Inject(MerchantRepository) private readonly merchants: MerchantStore,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
    @Inject(MerchantClient) private readonly client: Pick<MerchantClient, 'callHealth'>,
  ) {}

  @ServesRpc(SSO_ADMIN_RPC.listMerchants, 'admin.list_merchants')
  async execute(request: { limit?: unknown; offset?: unknown; cursor?: unknown; q?: unknown; enabled?: unknown }): Promise<ListPage<MerchantView>> {
    // The filters come as the query string gave them: a bad one answers ADMIN_VALIDATION_FAILED naming it.
    const filter = parseAdminBody(listMerchantsFilterSchema, { q: request.q, enabled: request.enabled });
    const page = MERCHANT_PAGES.resolve(request, filter);
    const { items, ...total } = await this.merchants.page(filter, page);
    const now = this.clock.now();
    return MERCHANT_PAGES.answer(items, page, filter, total, (m) => [m.id], (m) => ({ ...toMerchantView(m, now), callHealth: this.client.callHealth(m.clientId) }));
  }
}
