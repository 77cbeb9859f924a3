/**
 * Disables a merchant: its signed SSO calls answer SSO_MERCHANT_DISABLED and its users' gateway calls
 * FC_AUTH_APPKEY_NOT_EXISTS. Nothing is deleted, so `PATCH {enabled: true}` restores it.
 */
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { MerchantView } from '@dcp/contracts';
import { RUNTIME_CLOCK, type Clock, ServesRpc } from '@dcp/runtime';
import { merchantNotFound } from './admin-input';
import { toMerchantView } from './merchant.mapper';
import { MerchantRepository, type MerchantStore } from './merchant.repository';
import { SSO_ADMIN_RPC } from '@dcp/contracts';

@Injectable()
export class DisableMerchantUseCase {
  private readonly logger = new Logger('sso-merchants');

  constructor(
    @Inject(MerchantRepository) private readonly merchants: MerchantStore,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
  ) {}

  @ServesRpc(SSO_ADMIN_RPC.disableMerchant, 'admin.disable_merchant')
  async execute(request: { clientId: string }): Promise<MerchantView> {
    const updated = await this.merchants.update(request.clientId, { enabled: false });
    if (!updated) throw merchantNotFound(request.clientId);
    this.logger.log(`merchant ${updated.clientId} disabled`);
    return toMerchantView(updated, this.clock.now());
  }
}
