/**
 * Retention of the admin audit log (docs/decisions.md AU6, GT1): deletes the entries recorded more than
 * AUDIT_RETENTION_DAYS ago, oldest first, AUDIT_PURGE_BATCH a statement (each its own short transaction,
 * through the requested_at index: AdminAuditRepository.purgeBatch) and at most AUDIT_PURGE_BATCHES a run — a
 * larger backlog (a retention shortened, a log of ten million entries) goes over the next runs — then measures
 * what the log holds (audit-table-size.ts, SDB4). Counted as `dcp_sso_purged_rows_total{kind="audit_entries"}`,
 * the series sso-service's purge counted it under before the log had a lib of its own. Running on several
 * replicas at once is harmless.
 */
import { Inject, Injectable } from '@nestjs/common';
import { type Clock, type PlatformConfig, type PlatformMetrics, Periodic, RUNTIME_CLOCK, RUNTIME_CONFIG, RUNTIME_METRICS } from '@dcp/runtime';
import { AdminAuditRepository } from './admin-audit.repository';
import { AuditTableSize } from './audit-table-size';

/** As often as sso's expired data purge (libs/sso/src/maintenance/expired-data.purger.ts). */
export const AUDIT_PURGE_INTERVAL_MS = 60_000;
/** Entries one statement deletes at most. */
export const AUDIT_PURGE_BATCH = 5_000;
/** Statements a run makes at most: 100,000 entries a minute. */
export const AUDIT_PURGE_BATCHES = 20;
const DAY_MS = 24 * 3600 * 1000;

@Injectable()
export class AdminAuditPurger {
  constructor(
    private readonly audit: AdminAuditRepository,
    private readonly size: AuditTableSize,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
    @Inject(RUNTIME_CONFIG) private readonly config: Pick<PlatformConfig, 'auditRetentionDays'>,
    @Inject(RUNTIME_METRICS) private readonly metrics: Pick<PlatformMetrics, 'increment'>,
  ) {}

  /** The host runs it at start and then every AUDIT_PURGE_INTERVAL_MS; resolves with how many entries went. */
  @Periodic({ name: 'admin audit purge', everyMs: AUDIT_PURGE_INTERVAL_MS })
  async purgeOnce(): Promise<{ auditEntries: number }> {
    const cutoff = new Date(this.clock.now() - this.config.auditRetentionDays * DAY_MS);
    let auditEntries = 0;
    for (let batch = 0; batch < AUDIT_PURGE_BATCHES; batch++) {
      const deleted = await this.audit.purgeBatch(cutoff, AUDIT_PURGE_BATCH);
      auditEntries += deleted;
      if (deleted < AUDIT_PURGE_BATCH) break;
    }
    if (auditEntries > 0) this.metrics.increment('dcp_sso_purged_rows_total', { kind: 'audit_entries' }, auditEntries);
    // What is left after retention: the size an operator watches (SDB4).
    await this.size.measure();
    return { auditEntries };
  }
}
