/** Counters of sso-service on the host's /metrics (Prometheus text). */
import { Inject, Injectable } from '@nestjs/common';
import { RUNTIME_CONTEXT, type RuntimeContext } from '@dcp/runtime';

@Injectable()
export class SsoMetrics {
  constructor(@Inject(RUNTIME_CONTEXT) private readonly ctx: RuntimeContext) {}


  merchantCall(endpoint: string, result: 'user' | 'refused' | 'unavailable'): void {
    this.ctx.metrics.increment('dcp_sso_merchant_calls_total', 'Calls to merchant endpoints, by result', { endpoint, result });
  }

  purged(kind: 'tokens' | 'signatures', count: number): void {
    if (count > 0) this.ctx.metrics.increment('dcp_sso_purged_rows_total', 'Expired rows removed by the purge', { kind }, count);
  }
}
