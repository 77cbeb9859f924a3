/**
 * The delivery backlog as gauges, read at each scrape: deliveries pending (due or waiting for a retry) and dead
 * letters of the last 24 hours, by provider (`dcp_push_deliveries_pending`, `dcp_push_deliveries_dead`; the
 * PrometheusRule's push alerts). Both counts read the (state, next_attempt_at) index.
 */
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { PUSH_PROVIDERS } from '@dcp/contracts';
import { RUNTIME_CLOCK, RUNTIME_METRICS, type Clock, type PlatformMetrics, serviceDatabaseToken } from '@dcp/runtime';
import type { PushDatabase } from '../push-database.types';

const DAY_MS = 86_400_000;

@Injectable()
export class DeliveryGauges implements OnModuleInit {
  constructor(
    @Inject(serviceDatabaseToken('push')) private readonly db: PushDatabase,
    @Inject(RUNTIME_METRICS) private readonly metrics: Pick<PlatformMetrics, 'sample'>,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.metrics.sample('dcp_push_deliveries_pending', () => this.byProvider({ state: 'pending' }));
    this.metrics.sample('dcp_push_deliveries_dead', () => this.byProvider({ state: 'dead', updatedAt: { gte: new Date(this.clock.now() - DAY_MS) } }));
  }

  private async byProvider(where: { state: string; updatedAt?: { gte: Date } }): Promise<Array<{ labels: { provider: string }; value: number }>> {
    const rows = await this.db.client.pushDelivery.groupBy({ by: ['provider'], where, _count: { _all: true } });
    return PUSH_PROVIDERS.map((provider) => ({ labels: { provider }, value: rows.find((r) => r.provider === provider)?._count._all ?? 0 }));
  }
}
