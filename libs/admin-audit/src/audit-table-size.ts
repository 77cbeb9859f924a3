/**
 * The size of the admin audit log as an operator sees it (decisions SDB4): `dcp_admin_audit_entries` and
 * `dcp_admin_audit_table_bytes` (pg_total_relation_size: rows, indexes and TOAST), measured by the periodic
 * purge (admin-audit.purger.ts: every minute, after it deleted what retention allows) and reported from that
 * measurement at each scrape, so a scrape never counts a large table. Alerts: DeviceCloudAdminAuditGrowing/Large
 * (k8s/monitoring).
 */
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { RUNTIME_METRICS, type PlatformMetrics } from '@dcp/runtime';
import { AdminAuditRepository } from './admin-audit.repository';

@Injectable()
export class AuditTableSize implements OnModuleInit {
  private last?: { entries: number; bytes: number };

  constructor(
    @Inject(RUNTIME_METRICS) private readonly metrics: Pick<PlatformMetrics, 'sample'>,
    private readonly audit: AdminAuditRepository,
  ) {}

  onModuleInit(): void {
    // Nothing is reported before the first measurement (a 0 would look like an empty table).
    this.metrics.sample('dcp_admin_audit_entries', async () => (this.last ? [{ labels: {}, value: this.last.entries }] : []));
    this.metrics.sample('dcp_admin_audit_table_bytes', async () => (this.last ? [{ labels: {}, value: this.last.bytes }] : []));
  }

  /** Measures the table now; the gauges report it until the next measurement. */
  async measure(): Promise<{ entries: number; bytes: number }> {
    this.last = await this.audit.size();
    return this.last;
  }
}
