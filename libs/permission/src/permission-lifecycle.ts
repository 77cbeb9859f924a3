/**
 * Start and stop of permission-service inside its host: readiness check, RPC handlers, the outbox relay, the
 * durable consumer (user.deleted, device.unbound) and the dead-letter admin; on shutdown the consumer and
 * relay stop before the database closes.
 */
import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { RUNTIME_CONTEXT, ServiceEvents, type RuntimeContext } from '@dcp/runtime';
import { PERMISSION_DATABASE, type PermissionDatabase, type PermissionTransaction } from './infrastructure/permission-database';
import { GrantReactions } from './reactions/grant-reactions';
import { PermissionRpcHandlers } from './rpc/permission-rpc.handlers';

@Injectable()
export class PermissionLifecycle implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('permission-service');
  private events?: ServiceEvents<PermissionTransaction>;

  constructor(
    @Inject(RUNTIME_CONTEXT) private readonly ctx: RuntimeContext,
    @Inject(PERMISSION_DATABASE) private readonly db: PermissionDatabase,
    private readonly handlers: PermissionRpcHandlers,
    private readonly reactions: GrantReactions,
  ) {}

  async onModuleInit(): Promise<void> {
    this.ctx.health.register('database:permission', () => this.db.ping());
    const events = new ServiceEvents<PermissionTransaction>(this.ctx, { service: 'permission', client: this.db.client });
    this.events = events;
    events.startOutbox();
    this.handlers.register();
    events.registerDeadLetterAdmin('permission');
    await events.consume({
      userDeleted: (data, tx) => this.reactions.userDeleted(data, tx),
      deviceUnbound: (data, tx) => this.reactions.deviceUnbound(data, tx),
    });
    this.logger.log(`permission-service ready (${this.ctx.config.mode})`);
  }

  async onModuleDestroy(): Promise<void> {
    await this.events?.stop();
    await this.db.close();
  }
}
