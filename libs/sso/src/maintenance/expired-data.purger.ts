/**
 * Removes what can no longer matter: used signatures past their window and tokens long expired. Tokens are
 * kept for TOKEN_RETENTION_AFTER_EXPIRY after they expire so that a late client still gets "expired"
 * (030051 / 030041) rather than "does not exist". Deletes run in bounded batches, oldest first through the
 * expiry indexes, to keep locks short (decisions GT7); running on several replicas at once is harmless. The admin audit log has its own retention purge, in its own lib
 * (libs/admin-audit/src/admin-audit.purger.ts).
 */
import { Inject, Injectable } from '@nestjs/common';
import type { SsoDatabase } from '../sso-database.types';
import { RUNTIME_CLOCK, type Clock, serviceDatabaseToken, Periodic } from '@dcp/runtime';
import { SsoMetrics } from '../common/sso-metrics';

export const TOKEN_RETENTION_AFTER_EXPIRY_MS = 30 * 24 * 3600 * 1000;
export const PURGE_INTERVAL_MS = 60_000;
const BATCH = 5_000;
/** Statements a table gets per run (a minute apart): 100,000 rows a minute at most, each statement short. */
const MAX_BATCHES = 20;

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
    // Oldest first through the (expires_at) indexes, each batch's rows by address (decisions GT7): a batch reads
    // what it deletes, not the table, nor the dead rows earlier batches left before vacuum.
    const signatures = await this.inBatches(
      () => this.db.client.$executeRaw`
        DELETE FROM "sso"."used_signature" WHERE ctid = ANY (ARRAY(
          SELECT ctid FROM "sso"."used_signature" WHERE expires_at < ${now} ORDER BY expires_at LIMIT ${BATCH}))`,
    );
    const tokens = await this.inBatches(
      () => this.db.client.$executeRaw`
        DELETE FROM "sso"."token" WHERE ctid = ANY (ARRAY(
          SELECT ctid FROM "sso"."token" WHERE expires_at < ${tokenCutoff} ORDER BY expires_at LIMIT ${BATCH}))`,
    );
    this.metrics.purged('signatures', signatures);
    this.metrics.purged('tokens', tokens);
    return { signatures, tokens };
  }

  /** Batches until one comes back short, at most MAX_BATCHES a run: a backlog is worked off over several runs. */
  private async inBatches(run: () => Promise<number>): Promise<number> {
    let total = 0;
    for (let batch = 0; batch < MAX_BATCHES; batch++) {
      const n = await run();
      total += n;
      if (n < BATCH) break;
    }
    return total;
  }
}
