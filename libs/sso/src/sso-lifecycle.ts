/**
 * Start and stop of sso-service inside its host: readiness check and metrics, RPC handlers, the outbox
 * relay (ServiceEvents; sso-service consumes no events) and the periodic purge; on shutdown the relay stops
 * before the database closes.
 */
import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { RUNTIME_CONTEXT, SERVICE_EVENTS, type RuntimeContext, type ServiceEvents, serviceDatabaseToken } from '@dcp/runtime';
import type { SsoDatabase, SsoTransaction } from './sso-database.types';
import { ExpiredDataPurger, PURGE_INTERVAL_MS } from './maintenance/expired-data.purger';
import { SsoRpcHandlers } from './rpc/sso-rpc.handlers';
import { AdminAuditRpcHandlers } from './audit/admin-audit-rpc.handlers';

@Injectable()
export class SsoLifecycle implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('sso-service');
  private purgeTimer?: NodeJS.Timeout;
  private purging?: Promise<void>;

  constructor(
    @Inject(RUNTIME_CONTEXT) private readonly ctx: RuntimeContext,
    @Inject(serviceDatabaseToken('sso')) private readonly db: SsoDatabase,
    private readonly handlers: SsoRpcHandlers,
    private readonly auditHandlers: AdminAuditRpcHandlers,
    private readonly purger: ExpiredDataPurger,
    @Inject(SERVICE_EVENTS) private readonly events: ServiceEvents<SsoTransaction>,
  ) {}

  onModuleInit(): void {
    this.ctx.health.register('database:sso', () => this.db.ping());
    this.events.startOutbox();
    this.handlers.register();
    this.auditHandlers.register();
    this.purgeTimer = setInterval(() => this.purge(), PURGE_INTERVAL_MS);
    this.purgeTimer.unref();
    this.purge();
    this.logger.log(`sso-service initialised (${this.ctx.config.mode})`);
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.purgeTimer);
    await this.events.stop();
    await this.purging;
    await this.db.close();
  }

  private purge(): void {
    if (this.purging) return;
    this.purging = this.purger
      .purgeOnce()
      .then(({ signatures, tokens, auditEntries }) => {
        if (signatures + tokens + auditEntries > 0) this.logger.debug(`purged ${signatures} used signature(s), ${tokens} expired token(s), ${auditEntries} audit entries`);
      })
      .catch((err: unknown) => this.logger.warn(`purge failed: ${err instanceof Error ? err.message : String(err)}`))
      .finally(() => (this.purging = undefined));
  }
}
