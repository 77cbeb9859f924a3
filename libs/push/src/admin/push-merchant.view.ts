/**
 * A merchant as push-service's operators see it (PUSH_ADMIN_RPC.getMerchant and what changes it answer): its
 * providers without keys, its message retention and its delivery health (sent, pending, invalid tokens, dead
 * letters over the last 24 hours; the breaker of the replica that answers). A merchant that does not exist in
 * sso-service is ADMIN_NOT_FOUND.
 */
import { Inject, Injectable } from '@nestjs/common';
import { PUSH_PROVIDERS, SSO_ADMIN_RPC, type PushProviderName } from '@dcp/contracts';
import type { RpcClient } from '@dcp/messaging';
import { RUNTIME_CLOCK, RUNTIME_CONFIG, RUNTIME_RPC_CLIENT, type Clock, serviceDatabaseToken } from '@dcp/runtime';
import type { z } from 'zod';
import type { pushDeliveryHealthSchema, pushMerchantViewSchema } from '@dcp/contracts';
import { ProviderSenders } from '../delivery/provider-senders';
import { ProviderCredentials } from '../providers/provider-credentials';
import type { PushConfig } from '../push-config';
import type { PushDatabase } from '../push-database.types';
import { type DeliveryCounts, DeliveryAdminRepository } from './delivery-admin.repository';

export type PushMerchantView = z.infer<typeof pushMerchantViewSchema>;
export type DeliveryHealth = z.infer<typeof pushDeliveryHealthSchema>;

const DAY_MS = 86_400_000;

@Injectable()
export class PushMerchantViews {
  constructor(
    private readonly credentials: ProviderCredentials,
    private readonly deliveries: DeliveryAdminRepository,
    private readonly senders: ProviderSenders,
    @Inject(serviceDatabaseToken('push')) private readonly db: PushDatabase,
    @Inject(RUNTIME_RPC_CLIENT) private readonly rpcClient: Pick<RpcClient, 'request'>,
    @Inject(RUNTIME_CONFIG) private readonly config: Pick<PushConfig, 'pushAlarms'>,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
  ) {}

  /** Throws sso-service's ADMIN_NOT_FOUND when the merchant does not exist. */
  async assertMerchantExists(clientId: string): Promise<void> {
    await this.rpcClient.request(SSO_ADMIN_RPC.getMerchant, { clientId });
  }

  async of(clientId: string): Promise<PushMerchantView> {
    const [providers, setting, counts] = await Promise.all([
      this.credentials.views(clientId),
      this.db.client.pushMerchantSetting.findUnique({ where: { clientId }, select: { retentionDays: true } }),
      this.deliveries.health(new Date(this.clock.now() - DAY_MS), clientId),
    ]);
    const health = PUSH_PROVIDERS.filter((p) => providers.some((v) => v.provider === p) || counts.some((c) => c.provider === p)).map((p) =>
      this.healthOf(counts.find((c) => c.provider === p) ?? { clientId, provider: p, sent: 0, pending: 0, invalidTokens: 0, dead: 0, lastError: null }),
    );
    return { clientId, providers, retentionDays: setting?.retentionDays ?? null, defaultRetentionDays: this.config.pushAlarms.retentionDays, health };
  }

  async allHealth(): Promise<DeliveryHealth[]> {
    return (await this.deliveries.health(new Date(this.clock.now() - DAY_MS))).map((c) => this.healthOf(c));
  }

  private healthOf(c: DeliveryCounts): DeliveryHealth {
    return { ...c, breaker: this.senders.breakerState(c.clientId, c.provider as PushProviderName) };
  }
}
