/** Grants in creation order, optionally of one user (openId), one page (operator API). */
import { Inject, Injectable } from '@nestjs/common';
import { resolvePage } from '@dcp/contracts';
import type { GrantView } from '@dcp/contracts';
import { toGrantView } from './grant.mapper';
import { GrantRepository, type GrantStore } from './grant.repository';

@Injectable()
export class ListGrantsUseCase {
  constructor(@Inject(GrantRepository) private readonly grants: GrantStore) {}

  async execute(request: { openId?: string; limit?: number; offset?: number }): Promise<{ items: GrantView[]; total: number }> {
    const { limit, offset } = resolvePage(request);
    const { items, total } = await this.grants.page({ openId: request.openId || undefined }, limit, offset);
    return { items: items.map(toGrantView), total };
  }
}
