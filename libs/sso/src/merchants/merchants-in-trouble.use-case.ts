/**
 * Merchants whose endpoints failed in the last hour or whose breaker is not closed, worst first (broken, then
 * by failures): the overview's list. What this replica saw (merchant-call-health.ts); at most 50.
 */
import { Inject, Injectable } from '@nestjs/common';
import { type MerchantCallHealth, SSO_ADMIN_RPC } from '@dcp/contracts';
import { ServesRpc } from '@dcp/runtime';
import { MerchantClient } from '../merchant-client/merchant-client';
import { MerchantRepository, type MerchantStore } from './merchant.repository';

const MAX_LISTED = 50;

@Injectable()
export class MerchantsInTroubleUseCase {
  constructor(
    @Inject(MerchantRepository) private readonly merchants: Pick<MerchantStore, 'findByClientId'>,
    @Inject(MerchantClient) private readonly client: Pick<MerchantClient, 'callHealth' | 'recentlyCalled'>,
  ) {}

  @ServesRpc(SSO_ADMIN_RPC.merchantsInTrouble, 'admin.merchants_in_trouble')
  async execute(): Promise<{ items: { clientId: string; name: string; callHealth: MerchantCallHealth }[] }> {
    const troubled = this.client
      .recentlyCalled()
      .map((clientId) => ({ clientId, callHealth: this.client.callHealth(clientId) }))
      .filter((m) => m.callHealth.status !== 'healthy')
      .sort((a, b) => Number(b.callHealth.status === 'broken') - Number(a.callHealth.status === 'broken') || b.callHealth.failures - a.callHealth.failures)
      .slice(0, MAX_LISTED);
    const items = await Promise.all(troubled.map(async (m) => ({ ...m, name: (await this.merchants.findByClientId(m.clientId))?.name ?? m.clientId })));
    return { items };
  }
}
