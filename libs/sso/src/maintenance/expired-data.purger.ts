/**
 * Removes what can no longer matter: used signatures past their window and tokens long expired. Tokens are
 * kept for TOKEN_RETENTION_AFTER_EXPIRY after they expire so that a late client still gets "expired"
 * (030051 / 030041) rather than "does not exist". Deletes run in batches to keep locks short; running on
 * several replicas at once is harmless. The admin audit log has its own retention purge, in its own lib
 * (libs/admin-audit/src/admin-audit.purger.ts).
 */
import { Inject, Injectable } from '@nestjs/common';
import type { SsoDatabase } from '../sso-database.types';
import { RUNTIME_CLOCK, type Clock, serviceDatabaseToken, Periodic } from '@dcp/runtime';
import { SsoMetrics } from '../common/sso-metrics';

export const TOKEN_RETENTION_AFTER_EXPIRY_MS = 30 * 24 * 3600 * 1000;
export const PURGE_INTERVAL_MS = 60_000;
const BATCH = 5_000;

@Injectable()
export class ExpiredDataPurger {
  constructor(
    @Inject(serviceDatabaseToken('sso')) private readonly db: SsoDatabase,
    private readonly metrics: SsoMetrics,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
  ) {}

  /** The host runs it at start and then every PURGE_INTERVAL_MS; resolves with what went. */
  @Periodic({ name: 'expired data purge', everyMs: PURGE_INTERVAL_MS })
  async purgeOnce(): Promise<{ signatures: number; tokens: number }> {
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
    this.metrics.purged('signatures', signatures);
    this.metrics.purged('tokens', tokens);
    return { signatures, tokens };
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
