/** PATCH of a merchant's name, URLs, TTLs, rotation option and enabled flag. */
import { Inject, Injectable, Logger } from '@nestjs/common';
import { type MerchantView, updateMerchantBodySchema, parseAdminBody, SSO_ADMIN_RPC } from '@dcp/contracts';
import { RUNTIME_CLOCK, type Clock, ServesRpc } from '@dcp/runtime';
import { assertTtlOrder, merchantNotFound } from './admin-input';
import { toMerchantView } from './merchant.mapper';
import { MerchantRepository, type MerchantStore } from './merchant.repository';

@Injectable()
export class UpdateMerchantUseCase {
  private readonly logger = new Logger('sso-merchants');

  constructor(
    @Inject(MerchantRepository) private readonly merchants: MerchantStore,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
  ) {}

  @ServesRpc(SSO_ADMIN_RPC.updateMerchant, 'admin.update_merchant')
  async execute(request: { clientId: string; body: unknown }): Promise<MerchantView> {
    const changes = parseAdminBody(updateMerchantBodySchema, request.body);
    const current = await this.merchants.findByClientId(request.clientId);
    if (!current) throw merchantNotFound(request.clientId);
    assertTtlOrder(changes.accessTokenTtlSeconds ?? current.accessTokenTtlSeconds, changes.refreshTokenTtlSeconds ?? current.refreshTokenTtlSeconds);
    const updated = await this.merchants.update(request.clientId, changes);
    if (!updated) throw merchantNotFound(request.clientId);
    this.logger.log(`merchant ${updated.clientId} updated: ${Object.keys(changes).join(', ') || 'no changes'}`);
    return toMerchantView(updated, this.clock.now());
  }
}
