import { Inject, Injectable } from '@nestjs/common';
import { resolvePage } from '@dcp/contracts';
import type { MerchantView } from '@dcp/contracts';
import { RUNTIME_CLOCK, type Clock } from '@dcp/runtime';
import { toMerchantView } from './merchant.mapper';
import { MerchantRepository, type MerchantStore } from './merchant.repository';

@Injectable()
export class ListMerchantsUseCase {
  constructor(
    @Inject(MerchantRepository) private readonly merchants: MerchantStore,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
  ) {}

  async execute(request: { limit?: number; offset?: number }): Promise<{ items: MerchantView[]; total: number }> {
    const { limit, offset } = resolvePage(request);
    const { items, total } = await this.merchants.page(limit, offset);
    const now = this.clock.now();
    return { items: items.map((m) => toMerchantView(m, now)), total };
  }
}
