/** Grants in creation order, optionally of one user (openId), one page (operator API). */
import { Injectable } from '@nestjs/common';
import type { GrantView } from '@dcp/contracts';
import { page } from '../shared/page';
import { toGrantView } from './grant.mapper';
import { GrantRepository } from './grant.repository';

@Injectable()
export class ListGrantsUseCase {
  constructor(private readonly grants: GrantRepository) {}

  async execute(request: { openId?: string; limit?: number; offset?: number }): Promise<{ items: GrantView[]; total: number }> {
    const { limit, offset } = page(request);
    const { items, total } = await this.grants.page({ openId: request.openId || undefined }, limit, offset);
    return { items: items.map(toGrantView), total };
  }
}
