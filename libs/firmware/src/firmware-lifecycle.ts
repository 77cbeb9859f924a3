/**
 * Start and stop of firmware-service inside its host: readiness check, RPC handlers, and the purge of rollout
 * progress rows (at start, then every PROGRESS_PURGE_INTERVAL_MS; on every replica, harmless); on shutdown
 * the purge in progress ends before the database closes. firmware-service neither consumes nor publishes
 * events (no outbox, no consumer).
 */
import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { RUNTIME_CONTEXT, type RuntimeContext, serviceDatabaseToken } from '@dcp/runtime';
import type { FirmwareDatabase } from './firmware-database.types';
import { PROGRESS_PURGE_INTERVAL_MS, RolloutCheckPurger } from './progress/rollout-check.purger';
import { FirmwareRpcHandlers } from './rpc/firmware-rpc.handlers';

@Injectable()
export class FirmwareLifecycle implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('firmware-service');
  private purgeTimer?: NodeJS.Timeout;
  private purging?: Promise<void>;

  constructor(
    @Inject(RUNTIME_CONTEXT) private readonly ctx: RuntimeContext,
    @Inject(serviceDatabaseToken('firmware')) private readonly db: FirmwareDatabase,
    private readonly handlers: FirmwareRpcHandlers,
    private readonly purger: RolloutCheckPurger,
  ) {}

  onModuleInit(): void {
    this.ctx.health.register('database:firmware', () => this.db.ping());
    this.handlers.register();
    this.purgeTimer = setInterval(() => this.purge(), PROGRESS_PURGE_INTERVAL_MS);
    this.purgeTimer.unref();
    this.purge();
    this.logger.log(`firmware-service initialised (${this.ctx.config.mode})`);
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.purgeTimer);
    await this.purging;
    await this.db.close();
  }

  /** One purge at a time; a failure is logged and the next interval tries again. */
  private purge(): void {
    if (this.purging) return;
    this.purging = this.purger
      .purgeOnce()
      .then((rows) => {
        if (rows > 0) this.logger.debug(`purged ${rows} rollout progress row(s)`);
      })
      .catch((err: unknown) => this.logger.warn(`rollout progress purge failed: ${err instanceof Error ? err.message : String(err)}`))
      .finally(() => (this.purging = undefined));
  }
}
