/** Counters of permission-service on the host's /metrics (Prometheus text). */
import { Inject, Injectable } from '@nestjs/common';
import { RUNTIME_METRICS, type PlatformMetrics } from '@dcp/runtime';

@Injectable()
export class PermissionMetrics {
  constructor(@Inject(RUNTIME_METRICS) private readonly metrics: PlatformMetrics) {}


  /** Grants changed by a consumed event (user deleted, device unbound). */
  reaction(event: string, effect: 'revoked' | 'released', count: number): void {
    if (count > 0) this.metrics.increment('dcp_permission_grants_changed_by_events_total', { event, effect }, count);
  }
}
