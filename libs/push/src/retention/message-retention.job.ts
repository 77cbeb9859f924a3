/**
 * Retention of the message center (decisions PS6): messages whose latest alarm arrived more than their
 * merchant's retention ago (set in the admin API; PUSH_MESSAGE_RETENTION_DAYS for the others) go with their
 * pictures and deliveries, in batches (short locks), every minute; the alarm rate rows of past minutes go too. Counted as `dcp_push_purged_messages_total`. Harmless on several replicas.
 */
import { Inject, Injectable } from '@nestjs/common';
import { type Clock, type PlatformMetrics, Periodic, RUNTIME_CLOCK, RUNTIME_CONFIG, RUNTIME_METRICS, serviceDatabaseToken } from '@dcp/runtime';
import { MessageRepository } from '../messages/message.repository';
import type { PushConfig } from '../push-config';
import type { PushDatabase } from '../push-database.types';

const MINUTE_MS = 60_000;
const BATCH = 1000;
/** At most this many batches a run: a backlog is worked off over the next runs. */
const MAX_BATCHES = 50;

@Injectable()
export class MessageRetentionJob {
  constructor(
    private readonly messages: MessageRepository,
    @Inject(serviceDatabaseToken('push')) private readonly db: PushDatabase,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
    @Inject(RUNTIME_CONFIG) private readonly config: Pick<PushConfig, 'pushAlarms'>,
    @Inject(RUNTIME_METRICS) private readonly metrics: Pick<PlatformMetrics, 'increment'>,
  ) {}

  @Periodic({ name: 'message retention', everyMs: MINUTE_MS })
  async purgeOnce(): Promise<{ messages: number }> {
    const nowMs = this.clock.now();
    const defaultDays = this.config.pushAlarms.retentionDays;
    const shortestDays = Math.min(defaultDays, (await this.messages.shortestMerchantRetention()) ?? defaultDays);
    let messages = 0;
    for (let batch = 0; batch < MAX_BATCHES; batch++) {
      const deleted = await this.messages.deleteExpired(new Date(nowMs), defaultDays, shortestDays, BATCH);
      messages += deleted;
      if (deleted < BATCH) break;
    }
    if (messages > 0) this.metrics.increment('dcp_push_purged_messages_total', {}, messages);
    await this.db.client.alarmRate.deleteMany({ where: { minute: { lt: BigInt(Math.floor(nowMs / MINUTE_MS) - 1) } } });
    return { messages };
  }
}
