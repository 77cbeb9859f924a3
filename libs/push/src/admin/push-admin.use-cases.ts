/**
 * Operators' calls to push-service (PUSH_ADMIN_RPC; admin routes /admin/v1/push/…, decisions PS10, PS11), one
 * class each: a merchant's push view, its provider credentials set or removed, its message retention, delivery
 * health of every merchant, deliveries listed and replayed, a device's alarms with their deliveries.
 */
import { Inject, Injectable, Logger } from '@nestjs/common';
import { ErrorCode, PUSH_ADMIN_RPC, PlatformError, type PushProviderName, parseAdminBody, pushMerchantSettingsBodySchema, normalizeMac, resolvePage } from '@dcp/contracts';
import { RUNTIME_CLOCK, type Clock, ServesRpc, serviceDatabaseToken } from '@dcp/runtime';
import { DeliveryDispatcher } from '../delivery/delivery-dispatcher';
import { PictureUrls } from '../pictures/picture-urls';
import { ProviderCredentials } from '../providers/provider-credentials';
import type { PushDatabase } from '../push-database.types';
import { DeliveryAdminRepository } from './delivery-admin.repository';
import { PushMerchantViews } from './push-merchant.view';

const logger = new Logger('push-admin');

@Injectable()
export class GetPushMerchantUseCase {
  constructor(private readonly views: PushMerchantViews) {}

  @ServesRpc(PUSH_ADMIN_RPC.getMerchant, 'admin.push_merchant')
  async execute({ clientId }: { clientId: string }) {
    await this.views.assertMerchantExists(clientId);
    return this.views.of(clientId);
  }
}

@Injectable()
export class SetPushProviderUseCase {
  constructor(
    private readonly views: PushMerchantViews,
    private readonly credentials: ProviderCredentials,
  ) {}

  @ServesRpc(PUSH_ADMIN_RPC.setProvider, 'admin.set_push_provider')
  async execute({ clientId, provider, body }: { clientId: string; provider: PushProviderName; body: unknown }) {
    await this.views.assertMerchantExists(clientId);
    const view = await this.credentials.set(clientId, provider, body);
    logger.log(`merchant ${clientId}: ${provider} credentials set (${Object.entries(view.summary).map(([k, v]) => `${k} ${v}`).join(', ')})`);
    return view;
  }
}

@Injectable()
export class DeletePushProviderUseCase {
  constructor(private readonly credentials: ProviderCredentials) {}

  @ServesRpc(PUSH_ADMIN_RPC.deleteProvider, 'admin.delete_push_provider')
  async execute({ clientId, provider }: { clientId: string; provider: PushProviderName }) {
    const deleted = await this.credentials.delete(clientId, provider);
    if (!deleted) throw new PlatformError(ErrorCode.ADMIN_NOT_FOUND, `merchant ${clientId} has no ${provider} credentials`);
    logger.log(`merchant ${clientId}: ${provider} credentials removed`);
    return { deleted };
  }
}

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

@Injectable()
export class ListPushHealthUseCase {
  constructor(private readonly views: PushMerchantViews) {}

  @ServesRpc(PUSH_ADMIN_RPC.listHealth, 'admin.push_health')
  async execute() {
    return { items: await this.views.allHealth() };
  }
}

@Injectable()
export class ListDeliveriesUseCase {
  constructor(private readonly deliveries: DeliveryAdminRepository) {}

  @ServesRpc(PUSH_ADMIN_RPC.listDeliveries, 'admin.list_push_deliveries')
  async execute(req: { clientId?: string; state?: string; messageId?: string; limit?: number; offset?: number }) {
    const { limit, offset } = resolvePage(req);
    return this.deliveries.page({ clientId: req.clientId, state: req.state, messageId: req.messageId }, offset, limit);
  }
}

@Injectable()
export class ReplayDeliveryUseCase {
  constructor(
    private readonly deliveries: DeliveryAdminRepository,
    private readonly dispatcher: DeliveryDispatcher,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
  ) {}

  @ServesRpc(PUSH_ADMIN_RPC.replayDelivery, 'admin.replay_push_delivery')
  async execute({ deliveryId }: { deliveryId: string }) {
    const replayed = await this.deliveries.replay(deliveryId, new Date(this.clock.now()));
    if (replayed === undefined) throw new PlatformError(ErrorCode.ADMIN_NOT_FOUND, `no delivery ${deliveryId}`);
    if (replayed === false) throw new PlatformError(ErrorCode.ADMIN_CONFLICT, `delivery ${deliveryId} is not a dead letter with its endpoint still registered`);
    this.dispatcher.wake();
    return replayed;
  }
}

@Injectable()
export class ReplayDeadDeliveriesUseCase {
  constructor(
    private readonly deliveries: DeliveryAdminRepository,
    private readonly dispatcher: DeliveryDispatcher,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
  ) {}

  @ServesRpc(PUSH_ADMIN_RPC.replayDead, 'admin.replay_dead_push_deliveries')
  async execute({ clientId }: { clientId: string }) {
    const replayed = await this.deliveries.replayDead(clientId, new Date(this.clock.now()));
    if (replayed > 0) {
      logger.log(`merchant ${clientId}: ${replayed} dead deliveries replayed`);
      this.dispatcher.wake();
    }
    return { replayed };
  }
}

@Injectable()
export class DeviceAlarmsUseCase {
  constructor(
    private readonly deliveries: DeliveryAdminRepository,
    private readonly pictures: PictureUrls,
  ) {}

  @ServesRpc(PUSH_ADMIN_RPC.deviceAlarms, 'admin.device_alarms')
  async execute(req: { macAddr: string; limit?: number; offset?: number }) {
    const macAddr = normalizeMac(req.macAddr);
    if (!macAddr) throw new PlatformError(ErrorCode.ADMIN_VALIDATION_FAILED, 'invalid field macAddr: is not a MAC address');
    const { limit, offset } = resolvePage(req);
    const page = await this.deliveries.deviceMessages(macAddr, offset, limit);
    return {
      total: page.total,
      items: page.items.map((m) => ({
        messageId: m.id,
        userId: m.userId,
        macAddr: m.macAddr,
        type: m.type,
        time: m.firstAt.toISOString(),
        lastTime: m.lastAt.toISOString(),
        count: m.count,
        read: m.readAt !== null,
        pictureUrl: m.pictureBytes > 0 ? this.pictures.of(m.id) : '',
        deliveries: m.deliveries,
      })),
    };
  }
}

export const PUSH_ADMIN_USE_CASES = [
  GetPushMerchantUseCase,
  SetPushProviderUseCase,
  DeletePushProviderUseCase,
  SetPushMerchantSettingsUseCase,
  ListPushHealthUseCase,
  ListDeliveriesUseCase,
  ReplayDeliveryUseCase,
  ReplayDeadDeliveriesUseCase,
  DeviceAlarmsUseCase,
];
