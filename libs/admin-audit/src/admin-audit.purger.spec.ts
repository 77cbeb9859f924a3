import { PlatformMetrics } from '@dcp/observability';
import { collectEntryPoints, emptyEntryPoints } from '@dcp/runtime';
import { ManualClock } from '@dcp/testing';
import { AdminAuditPurger, AUDIT_PURGE_INTERVAL_MS } from './admin-audit.purger';
import type { AdminAuditRepository } from './admin-audit.repository';
import { AuditTableSize } from './audit-table-size';

const DAY_MS = 24 * 3600 * 1000;

function setup(purged: number[]) {
  const cutoffs: Date[] = [];
  const sizes = [{ entries: 7, bytes: 16_384 }];
  const repo = {
    purgeBefore: async (cutoff: Date) => {
      cutoffs.push(cutoff);
      return purged.shift() ?? 0;
    },
    size: async () => sizes.shift() ?? { entries: 0, bytes: 8192 },
  } as unknown as AdminAuditRepository;
  const metrics = new PlatformMetrics({ defaultMetrics: false });
  const size = new AuditTableSize(metrics, repo);
  size.onModuleInit();
  const clock = new ManualClock(Date.UTC(2026, 10, 27));
  const purger = new AdminAuditPurger(repo, size, clock, { auditRetentionDays: 30 }, metrics);
  return { purger, metrics, cutoffs, clock };
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

  it('counts nothing when nothing went, and still measures', async () => {
    const { purger, metrics } = setup([0]);
    await expect(purger.purgeOnce()).resolves.toEqual({ auditEntries: 0 });
    const text = await metrics.render();
    expect(text).not.toMatch(/^dcp_sso_purged_rows_total\{/m);
    expect(text).toMatch(/^dcp_admin_audit_entries 7$/m);
  });
});
