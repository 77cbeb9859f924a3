/** Metrics of sso-service on the host's /metrics (catalogue in libs/observability). */
import { Inject, Injectable } from '@nestjs/common';
import { RUNTIME_METRICS, type PlatformMetrics } from '@dcp/runtime';

@Injectable()
export class SsoMetrics {
  /** Merchants whose breaker is open in this replica (calls answered OP0052 at once, decisions AB6). */
  private readonly openBreakers = new Set<string>();

  constructor(@Inject(RUNTIME_METRICS) private readonly metrics: PlatformMetrics) {
    metrics.sample('dcp_sso_merchant_breaker_open', async () => [...this.openBreakers].map((merchant) => ({ labels: { merchant }, value: 1 })));
  }

  /** A merchant's breaker opened (its calls paused) or closed again (`dcp_sso_merchant_breaker_open`). */
  breaker(merchant: string, state: 'open' | 'closed'): void {
    if (state === 'open') this.openBreakers.add(merchant);
    else this.openBreakers.delete(merchant);
  }

  /**
   * One call to a merchant endpoint, by merchant clientId (bounded by the merchants registered), ended now;
   * `startedAt` is performance.now() when it started. `unavailable` also counts as a failure.
   */
  merchantCall(merchant: string, endpoint: string, result: 'user' | 'refused' | 'unavailable', startedAt: number): void {
    this.metrics.observe('dcp_sso_merchant_call_duration_seconds', { merchant, endpoint, result }, (performance.now() - startedAt) / 1000);
    if (result === 'unavailable') this.metrics.increment('dcp_sso_merchant_call_failures_total', { merchant, endpoint });
  }

  purged(kind: 'tokens' | 'signatures' | 'audit_entries', count: number): void {
    if (count > 0) this.metrics.increment('dcp_sso_purged_rows_total', { kind }, count);
  }
}
