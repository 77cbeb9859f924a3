/**
 * Sends pending deliveries (decisions PS11). Woken by the alarm that wrote them (this replica starts at once)
 * and every PUSH_DELIVERY_POLL_MS for retries that came due and for what another replica left behind. It
 * claims what it has room for (PUSH_DELIVERY_CONCURRENCY calls in flight), and ends each attempt as sent,
 * retried later (backoff with jitter, Retry-After), failed for good (a dead letter) or an invalid token (the
 * endpoint removed). A lease longer than any attempt can take covers a replica that dies mid-send: the
 * delivery is taken again when it ends, so an accepted alarm is pushed at least once.
 */
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { RUNTIME_CLOCK, RUNTIME_CONFIG, RUNTIME_METRICS, type Clock, type PlatformMetrics } from '@dcp/runtime';
import { PictureUrls } from '../pictures/picture-urls';
import type { PushConfig } from '../push-config';
import { type ClaimedDelivery, DeliveryQueue } from './delivery-queue';
import { ProviderSenders } from './provider-senders';
import { pushOf } from './push-content';
import type { ProviderOutcome } from './providers/provider-push';
import { nextAttemptAt } from './retry-schedule';

/** Claimed at most at once, whatever room there is: short statements, fair to other replicas. */
const MAX_CLAIM = 100;

@Injectable()
export class DeliveryDispatcher implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('push-delivery');
  private inFlight = new Set<Promise<void>>();
  private draining = false;
  private wakeAgain = false;
  /** The last look stopped for want of room, not of due deliveries: an attempt that ends looks again. */
  private moreDue = false;
  private stopped = false;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly queue: DeliveryQueue,
    private readonly senders: ProviderSenders,
    private readonly pictures: PictureUrls,
    @Inject(RUNTIME_CONFIG) private readonly config: Pick<PushConfig, 'pushDelivery'>,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
    @Inject(RUNTIME_METRICS) private readonly metrics: Pick<PlatformMetrics, 'increment' | 'observe'>,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.wake(), this.config.pushDelivery.pollMs);
    this.timer.unref();
    this.wake();
  }

  /** Looks for due deliveries now (or right after the current look). */
  wake(): void {
    if (this.stopped) return;
    if (this.draining) {
      this.wakeAgain = true;
      return;
    }
    this.draining = true;
    void this.drain()
      .catch((err: unknown) => this.logger.warn(`claiming deliveries failed: ${err instanceof Error ? err.message : String(err)}`))
      .finally(() => {
        this.draining = false;
        if (this.wakeAgain) {
          this.wakeAgain = false;
          this.wake();
        }
      });
  }

  /** Stops claiming and lets the attempts in flight end (each within the provider timeout). */
  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await Promise.allSettled([...this.inFlight]);
  }

  /** What a lease must outlast: an access-token exchange and a send, each possibly retried once, within the timeout each. */
  private get leaseMs(): number {
    return 3 * this.config.pushDelivery.timeoutMs + 5_000;
  }

  private async drain(): Promise<void> {
    const { concurrency } = this.config.pushDelivery;
    while (!this.stopped) {
      const room = Math.min(MAX_CLAIM, concurrency - this.inFlight.size);
      if (room <= 0) {
        this.moreDue = true; // an attempt that ends wakes the dispatcher again
        return;
      }
      const claimed = await this.queue.claim(this.clock.now(), this.leaseMs, room);
      this.moreDue = claimed.length === room;
      for (const delivery of claimed) {
        const attempt: Promise<void> = this.attempt(delivery)
          .catch((err: unknown) => this.logger.warn(`delivery ${delivery.deliveryId}: ${err instanceof Error ? err.message : String(err)} (tried again when its lease ends)`))
          .finally(() => {
            this.inFlight.delete(attempt);
            // Only when deliveries were left for want of room: otherwise new alarms wake it, and the poll finds retries.
            if (this.moreDue) this.wake();
          });
        this.inFlight.add(attempt);
      }
      if (claimed.length < room) return;
    }
  }

  private async attempt(d: ClaimedDelivery): Promise<void> {
    const { maxAttempts, maxAgeSeconds } = this.config.pushDelivery;
    const createdAtMs = d.createdAt.getTime();
    if (d.token === null || d.hidden) {
      await this.queue.cancelled(d.deliveryId, this.clock.now(), d.token === null ? 'the endpoint was removed' : 'the message was purged');
      this.metrics.increment('dcp_push_deliveries_total', { provider: d.provider, outcome: 'cancelled' });
      return;
    }
    if (this.clock.now() - createdAtMs > maxAgeSeconds * 1000) {
      await this.end(d, { kind: 'rejected', reason: `not pushed within PUSH_DELIVERY_MAX_AGE_SECONDS (${maxAgeSeconds} s) of the alarm` }, 'exhausted');
      return;
    }
    const expiresAt = Math.floor((createdAtMs + maxAgeSeconds * 1000) / 1000);
    const push = pushOf(d, d.pictureBytes > 0 ? this.pictures.of(d.messageId) : undefined, expiresAt);
    const outcome = await this.senders.send(d.clientId, d.provider, push, d.userUuid ?? '');
    const nowMs = this.clock.now();
    switch (outcome.kind) {
      case 'sent':
        await this.queue.sent(d.deliveryId, nowMs, nowMs - createdAtMs);
        this.metrics.increment('dcp_push_deliveries_total', { provider: d.provider, outcome: 'sent' });
        this.metrics.observe('dcp_push_delivery_seconds', { provider: d.provider }, (nowMs - createdAtMs) / 1000);
        return;
      case 'retry': {
        const next = nextAttemptAt(nowMs, d.attempts, outcome.retryAfterMs, { maxAttempts, createdAtMs, maxAgeMs: maxAgeSeconds * 1000 });
        if (next === undefined) return this.end(d, outcome, 'exhausted');
        await this.queue.retry(d.deliveryId, nowMs, next, outcome.reason);
        this.metrics.increment('dcp_push_deliveries_total', { provider: d.provider, outcome: 'retried' });
        return;
      }
      case 'invalid-token':
        return this.end(d, outcome, 'invalid_token');
      case 'rejected':
        return this.end(d, outcome, 'rejected');
    }
  }

  private async end(d: ClaimedDelivery, outcome: Exclude<ProviderOutcome, { kind: 'sent' }>, reason: 'invalid_token' | 'rejected' | 'exhausted'): Promise<void> {
    await this.queue.failed(d.deliveryId, this.clock.now(), reason, outcome.reason);
    this.metrics.increment('dcp_push_deliveries_total', { provider: d.provider, outcome: reason === 'invalid_token' ? 'invalid_token' : 'dead' });
    if (reason === 'invalid_token') this.logger.log(`${d.provider} endpoint of user ${d.userId} removed: ${outcome.reason}`);
    else this.logger.warn(`delivery ${d.deliveryId} (${d.provider}, merchant ${d.clientId}) is a dead letter after ${d.attempts} attempt(s): ${outcome.reason}`);
  }
}
