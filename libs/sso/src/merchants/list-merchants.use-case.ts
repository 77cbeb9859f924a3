import { Inject, Injectable } from '@nestjs/common';
import type { MerchantView } from '@dcp/contracts';
import { SSO_CLOCK, type Clock } from '../shared/clock';
import { toMerchantView } from './merchant.mapper';
import { MerchantRepository } from './merchant.repository';

@Injectable()
export class ListMerchantsUseCase {
  constructor(
    private readonly merchants: MerchantRepository,
    @Inject(SSO_CLOCK) private readonly clock: Clock,
  ) {}

  async execute(request: { limit?: number; offset?: number }): Promise<{ items: MerchantView[]; total: number }> {
    const { items, total } = await this.merchants.page(request.limit ?? 100, request.offset ?? 0);
    const now = this.clock.now();
    return { items: items.map((m) => toMerchantView(m, now)), total };
  }
}
