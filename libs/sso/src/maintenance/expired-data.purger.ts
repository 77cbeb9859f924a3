/**
 * Removes what can no longer matter: used signatures past their window, tokens long expired, and admin audit
 * entries older than AUDIT_RETENTION_DAYS (docs/decisions.md AU6), then measures what the audit log holds
 * (audit-table-size.ts, SDB4). Tokens are
 * kept for TOKEN_RETENTION_AFTER_EXPIRY after they expire so that a late client still gets "expired"
 * (030051 / 030041) rather than "does not exist". Deletes run in batches to keep locks short; running on
 * several replicas at once is harmless.
 */
import { Inject, Injectable } from '@nestjs/common';
import type { SsoDatabase } from '../sso-database.types';
import { RUNTIME_CLOCK, RUNTIME_CONTEXT, type Clock, type RuntimeContext, serviceDatabaseToken, Periodic } from '@dcp/runtime';
import { AdminAuditRepository } from '../audit/admin-audit.repository';
import { AuditTableSize } from '../audit/audit-table-size';
import { SsoMetrics } from '../common/sso-metrics';

export const TOKEN_RETENTION_AFTER_EXPIRY_MS = 30 * 24 * 3600 * 1000;
export const PURGE_INTERVAL_MS = 60_000;
const BATCH = 5_000;
const DAY_MS = 24 * 3600 * 1000;

@Injectable()
export class ExpiredDataPurger {
  constructor(
    @Inject(serviceDatabaseToken('sso')) private readonly db: SsoDatabase,
    private readonly metrics: SsoMetrics,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
    private readonly audit: AdminAuditRepository,
    @Inject(RUNTIME_CONTEXT) private readonly ctx: Pick<RuntimeContext, 'config'>,
    private readonly auditSize: AuditTableSize,
  ) {}

  /** The host runs it at start and then every PURGE_INTERVAL_MS; resolves with what went. */
  @Periodic({ name: 'expired data purge', everyMs: PURGE_INTERVAL_MS })
  async purgeOnce(): Promise<{ signatures: number; tokens: number; auditEntries: number }> {
    const nowMs = this.clock.now();
    const now = new Date(nowMs);
    const tokenCutoff = new Date(nowMs - TOKEN_RETENTION_AFTER_EXPIRY_MS);
    const signatures = await this.inBatches(
      () => this.db.client.$executeRaw`
        DELETE FROM "sso"."used_signature" WHERE ctid IN (
          SELECT ctid FROM "sso"."used_signature" WHERE expires_at < ${now} LIMIT ${BATCH})`,
    );
    const tokens = await this.inBatches(
      () => this.db.client.$executeRaw`
        DELETE FROM "sso"."token" WHERE id IN (SELECT id FROM "sso"."token" WHERE expires_at < ${tokenCutoff} LIMIT ${BATCH})`,
    );
    const auditEntries = await this.audit.purgeBefore(new Date(nowMs - this.ctx.config.auditRetentionDays * DAY_MS));
    this.metrics.purged('signatures', signatures);
    this.metrics.purged('tokens', tokens);
    this.metrics.purged('audit_entries', auditEntries);
    // What is left after retention: the size an operator watches (SDB4).
    await this.auditSize.measure();
    return { signatures, tokens, auditEntries };
  }

  private async inBatches(run: () => Promise<number>): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await run();
      total += n;
      if (n < BATCH) return total;
    }
  }
}
