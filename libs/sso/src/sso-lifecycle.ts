/**
 * Start and stop of sso-service inside its host: readiness check and metrics, RPC handlers, the outbox
 * relay and the periodic purge; on shutdown the relay stops before the database closes.
 */
import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { OutboxRelay } from '@dcp/messaging';
import { RUNTIME_CONTEXT, type RuntimeContext } from '@dcp/runtime';
import { SSO_DATABASE, type SsoDatabase } from './infrastructure/sso-database';
import { ExpiredDataPurger, PURGE_INTERVAL_MS } from './maintenance/expired-data.purger';
import { SsoRpcHandlers } from './rpc/sso-rpc.handlers';
import { OutboxNotifier } from './common/outbox-notifier';

@Injectable()
export class SsoLifecycle implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('sso-service');
  private relay?: OutboxRelay;
  private purgeTimer?: NodeJS.Timeout;
  private purging?: Promise<void>;

  constructor(
    @Inject(RUNTIME_CONTEXT) private readonly ctx: RuntimeContext,
    @Inject(SSO_DATABASE) private readonly db: SsoDatabase,
    private readonly handlers: SsoRpcHandlers,
    private readonly purger: ExpiredDataPurger,
    private readonly outbox: OutboxNotifier,
  ) {}

  onModuleInit(): void {
    this.ctx.health.register('database:sso', () => this.db.ping());
    const relay = new OutboxRelay({
      schema: 'sso',
      client: this.db.client,
      events: this.ctx.events,
      logger: { error: (m, e) => this.logger.error(`${m}${e instanceof Error ? `: ${e.message}` : ''}`), warn: (m) => this.logger.warn(m), info: (m) => this.logger.log(m) },
    });
    this.relay = relay;
    this.ctx.metrics.gauge('dcp_sso_outbox_pending', 'Events of sso-service not yet published', async () => [{ labels: {}, value: await relay.pending() }]);
    relay.start();
    this.outbox.attach(relay);
    this.handlers.register();
    this.purgeTimer = setInterval(() => this.purge(), PURGE_INTERVAL_MS);
    this.purgeTimer.unref();
    this.purge();
    this.logger.log(`sso-service ready (${this.ctx.config.mode})`);
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.purgeTimer);
    this.outbox.attach(undefined);
    await this.relay?.stop();
    await this.purging;
    await this.db.close();
  }

  private purge(): void {
    if (this.purging) return;
    this.purging = this.purger
      .purgeOnce()
      .then(({ signatures, tokens }) => {
        if (signatures + tokens > 0) this.logger.debug(`purged ${signatures} used signature(s), ${tokens} expired token(s)`);
      })
      .catch((err: unknown) => this.logger.warn(`purge failed: ${err instanceof Error ? err.message : String(err)}`))
      .finally(() => (this.purging = undefined));
  }
}
