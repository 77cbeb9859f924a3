import { PlatformMetrics } from '@dcp/observability';
import { collectEntryPoints, emptyEntryPoints } from '@dcp/runtime';
import { ManualClock } from '@dcp/testing';
import { AdminAuditPurger, AUDIT_PURGE_BATCH, AUDIT_PURGE_BATCHES, AUDIT_PURGE_INTERVAL_MS } from './admin-audit.purger';
import type { AdminAuditRepository } from './admin-audit.repository';
import { AuditTableSize } from './audit-table-size';

const DAY_MS = 24 * 3600 * 1000;

function setup(purged: number[]) {
  const cutoffs: Date[] = [];
  const limits: number[] = [];
  const sizes = [{ entries: 7, bytes: 16_384 }];
  const repo = {
    purgeBatch: async (cutoff: Date, limit: number) => {
      cutoffs.push(cutoff);
      limits.push(limit);
      return purged.shift() ?? 0;
    },
    size: async () => sizes.shift() ?? { entries: 0, bytes: 8192 },
  } as unknown as AdminAuditRepository;
  const metrics = new PlatformMetrics({ defaultMetrics: false });
  const size = new AuditTableSize(metrics, repo);
  size.onModuleInit();
  const clock = new ManualClock(Date.UTC(2026, 10, 27));
  const purger = new AdminAuditPurger(repo, size, clock, { auditRetentionDays: 30 }, metrics);
  return { purger, metrics, cutoffs, limits, clock };
}

describe('AdminAuditPurger', () => {
  it('runs as sso\'s purge did: at start and then every minute', () => {
    const found = collectEntryPoints(AdminAuditPurger, emptyEntryPoints());
    expect(found.periodic).toEqual([{ owner: AdminAuditPurger, method: 'purgeOnce', declared: { name: 'admin audit purge', everyMs: 60_000 } }]);
    expect(AUDIT_PURGE_INTERVAL_MS).toBe(60_000);
  });

  it('deletes entries older than the retention, counts them as sso did, then measures the table', async () => {
    const { purger, metrics, cutoffs, clock } = setup([3]);
    await expect(purger.purgeOnce()).resolves.toEqual({ auditEntries: 3 });
    expect(cutoffs).toEqual([new Date(clock.now() - 30 * DAY_MS)]);
    const text = await metrics.render();
    expect(text).toMatch(/^dcp_sso_purged_rows_total\{kind="audit_entries"\} 3$/m);
    expect(text).toMatch(/^dcp_admin_audit_entries 7$/m);
    expect(text).toMatch(/^dcp_admin_audit_table_bytes 16384$/m);
  });

  it('deletes in batches until one comes back short, at most AUDIT_PURGE_BATCHES a run: a larger backlog waits for the next runs', async () => {
    const { purger, cutoffs, limits } = setup([AUDIT_PURGE_BATCH, AUDIT_PURGE_BATCH, 12]);
    await expect(purger.purgeOnce()).resolves.toEqual({ auditEntries: 2 * AUDIT_PURGE_BATCH + 12 });
    expect(limits).toEqual([AUDIT_PURGE_BATCH, AUDIT_PURGE_BATCH, AUDIT_PURGE_BATCH]);
    expect(new Set(cutoffs.map(Number)).size).toBe(1);

    const backlog = setup(Array(AUDIT_PURGE_BATCHES + 5).fill(AUDIT_PURGE_BATCH));
    await expect(backlog.purger.purgeOnce()).resolves.toEqual({ auditEntries: AUDIT_PURGE_BATCHES * AUDIT_PURGE_BATCH });
    expect(backlog.limits).toHaveLength(AUDIT_PURGE_BATCHES);
  });

  it('counts nothing when nothing went, and still measures', async () => {
    const { purger, metrics } = setup([0]);
    await expect(purger.purgeOnce()).resolves.toEqual({ auditEntries: 0 });
    const text = await metrics.render();
    expect(text).not.toMatch(/^dcp_sso_purged_rows_total\{/m);
    expect(text).toMatch(/^dcp_admin_audit_entries 7$/m);
  });
});
