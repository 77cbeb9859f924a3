/**
 * Start and stop of permission-service inside its host: readiness check, RPC handlers, the outbox relay, the
 * durable consumer (user.deleted, device.unbound) and the dead-letter admin; on shutdown the consumer and
 * relay stop before the database closes.
 */
import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { RUNTIME_CONTEXT, SERVICE_EVENTS, type RuntimeContext, type ServiceEvents, serviceDatabaseToken } from '@dcp/runtime';
import type { PermissionDatabase, PermissionTransaction } from './permission-database.types';
import { DeviceUnboundReaction } from './reactions/device-unbound.reaction';
import { UserDeletedReaction } from './reactions/user-deleted.reaction';
import { PermissionRpcHandlers } from './rpc/permission-rpc.handlers';

@Injectable()
export class PermissionLifecycle implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('permission-service');

  constructor(
    @Inject(RUNTIME_CONTEXT) private readonly ctx: RuntimeContext,
    @Inject(serviceDatabaseToken('permission')) private readonly db: PermissionDatabase,
    @Inject(SERVICE_EVENTS) private readonly events: ServiceEvents<PermissionTransaction>,
    private readonly handlers: PermissionRpcHandlers,
    private readonly userDeleted: UserDeletedReaction,
    private readonly deviceUnbound: DeviceUnboundReaction,
  ) {}

  async onModuleInit(): Promise<void> {
    this.ctx.health.register('database:permission', () => this.db.ping());
    this.events.startOutbox();
    this.handlers.register();
    this.events.registerDeadLetterAdmin('permission');
    await this.events.react(this.userDeleted, this.deviceUnbound);
    this.logger.log(`permission-service initialised (${this.ctx.config.mode})`);
  }

  async onModuleDestroy(): Promise<void> {
    await this.events.stop();
    await this.db.close();
  }
}
