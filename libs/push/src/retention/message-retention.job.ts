/**
 * The message center's purges (decisions PS6, GT2), every minute, in bounded batches (RetentionRepository: each
 * statement at most MESSAGE_BATCH messages, its own short transaction, through an index), at most
 * MESSAGE_BATCHES a run — a backlog goes over the next runs:
 *   1. what a user.deleted or device.unbound statement left (more messages than it deletes itself);
 *   2. messages whose latest alarm arrived more than their merchant's retention ago (set in the admin API;
 *      PUSH_MESSAGE_RETENTION_DAYS for the others), merchant by merchant, oldest first;
 * each with its picture and deliveries; then 3. the alarm counts of past minutes, RATE_BATCH a statement.
 * Counted as `dcp_push_purged_messages_total`. Harmless on several replicas (they skip each other's rows).
 */
import { Inject, Injectable } from '@nestjs/common';
import { type Clock, type PlatformMetrics, Periodic, RUNTIME_CLOCK, RUNTIME_CONFIG, RUNTIME_METRICS } from '@dcp/runtime';
import type { PushConfig } from '../push-config';
import { RetentionRepository } from './retention.repository';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** Messages one statement deletes at most (with ≤ 1,000 pictures and ≤ 20,000 deliveries). */
export const MESSAGE_BATCH = 1000;
/** Message statements a run makes at most. */
export const MESSAGE_BATCHES = 50;
/** Alarm counts one statement deletes at most, and statements a run makes at most. */
export const RATE_BATCH = 5000;
export const RATE_BATCHES = 20;
/** Pending purges a run looks at. */
const PURGES_A_RUN = 100;

@Injectable()
export class MessageRetentionJob {
  constructor(
    private readonly retention: RetentionRepository,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
    @Inject(RUNTIME_CONFIG) private readonly config: Pick<PushConfig, 'pushAlarms'>,
    @Inject(RUNTIME_METRICS) private readonly metrics: Pick<PlatformMetrics, 'increment'>,
  ) {}

  @Periodic({ name: 'message retention', everyMs: MINUTE_MS })
  async purgeOnce(): Promise<{ messages: number; rates: number }> {
    const nowMs = this.clock.now();
    const budget = { batches: MESSAGE_BATCHES };
    const messages = (await this.finishPurges(budget)) + (await this.deleteExpired(nowMs, budget));
    if (messages > 0) this.metrics.increment('dcp_push_purged_messages_total', {}, messages);
    return { messages, rates: await this.deleteStaleRates(nowMs) };
  }

  /** What the event statements left; a purge is done once a batch finds nothing of it and nothing is left (rows locked elsewhere wait for the next run). */
  private async finishPurges(budget: { batches: number }): Promise<number> {
    let deleted = 0;
    for (const purge of await this.retention.pendingPurges(PURGES_A_RUN)) {
      for (;;) {
        if (budget.batches === 0) return deleted;
        budget.batches--;
        const n = await this.retention.deletePurged(purge, MESSAGE_BATCH);
        deleted += n;
        if (n === 0) {
          await this.retention.finishPurge(purge.id);
          break;
        }
      }
    }
    return deleted;
  }

  /** Merchant by merchant: each one's messages older than its retention, oldest first. */
  private async deleteExpired(nowMs: number, budget: { batches: number }): Promise<number> {
    const defaultDays = this.config.pushAlarms.retentionDays;
    let deleted = 0;
    for (const merchant of await this.retention.merchantsWithMessages()) {
      const cutoff = new Date(nowMs - (merchant.retentionDays ?? defaultDays) * DAY_MS);
      for (;;) {
        if (budget.batches === 0) return deleted;
        budget.batches--;
        const n = await this.retention.deleteExpired(merchant.clientId, cutoff, MESSAGE_BATCH);
        deleted += n;
        if (n < MESSAGE_BATCH) break;
      }
    }
    return deleted;
  }

  /** Alarm counts of minutes before the last one (PS4 counts the current minute only), walked in key order. */
  private async deleteStaleRates(nowMs: number): Promise<number> {
    const minute = Math.floor(nowMs / MINUTE_MS) - 1;
    let deleted = 0;
    let after = '';
    for (let batch = 0; batch < RATE_BATCHES; batch++) {
      const gone = await this.retention.deleteStaleRates(minute, after, RATE_BATCH);
      deleted += gone.deleted;
      if (gone.last === null || gone.deleted < RATE_BATCH) break;
      after = gone.last;
    }
    return deleted;
  }
}
