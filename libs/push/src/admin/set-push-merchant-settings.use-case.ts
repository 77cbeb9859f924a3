/**
 * PUSH_ADMIN_RPC.setMerchantSettings (`PATCH /admin/v1/push/merchants/{clientId}`): the days a merchant's users'
 * messages are kept (null: PUSH_MESSAGE_RETENTION_DAYS; decisions PS6).
 */
import { Inject, Injectable, Logger } from '@nestjs/common';
import { PUSH_ADMIN_RPC, parseAdminBody, pushMerchantSettingsBodySchema } from '@dcp/contracts';
import { RUNTIME_CLOCK, type Clock, ServesRpc, serviceDatabaseToken } from '@dcp/runtime';
import type { PushDatabase } from '../push-database.types';
import { PushMerchantViews } from './push-merchant.view';

const logger = new Logger('push-admin');

@Injectable()
export class SetPushMerchantSettingsUseCase {
  constructor(
    private readonly views: PushMerchantViews,
    @Inject(serviceDatabaseToken('push')) private readonly db: PushDatabase,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
  ) {}

  @ServesRpc(PUSH_ADMIN_RPC.setMerchantSettings, 'admin.set_push_merchant_settings')
  async execute({ clientId, body }: { clientId: string; body: unknown }) {
    const { retentionDays } = parseAdminBody(pushMerchantSettingsBodySchema, body);
    await this.views.assertMerchantExists(clientId);
    const updatedAt = new Date(this.clock.now());
    await this.db.client.pushMerchantSetting.upsert({ where: { clientId }, create: { clientId, retentionDays, updatedAt }, update: { retentionDays, updatedAt } });
    logger.log(`merchant ${clientId}: messages kept ${retentionDays === null ? 'for the default' : `${retentionDays} days`}`);
    return this.views.of(clientId);
  }
}
