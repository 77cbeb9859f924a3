/**
 * Start and stop of device-service inside its host: readiness check, the outbox relay, the gateway, RPC and
 * dead-letter handlers, and the user.deleted consumer; on shutdown the consumer and relay stop before the
 * database closes.
 */
import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { RUNTIME_CONTEXT, type RuntimeContext, SERVICE_EVENTS, type ServiceEvents, serviceDatabaseToken } from '@dcp/runtime';
import type { DeviceDatabase, DeviceTransaction } from './device-database.types';
import { UserDeletedReaction } from './reactions/user-deleted.reaction';
import { DeviceRpcHandlers } from './rpc/device-rpc.handlers';

@Injectable()
export class DeviceLifecycle implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('device-service');

  constructor(
    @Inject(RUNTIME_CONTEXT) private readonly ctx: RuntimeContext,
    @Inject(serviceDatabaseToken('device')) private readonly db: DeviceDatabase,
    @Inject(SERVICE_EVENTS) private readonly events: ServiceEvents<DeviceTransaction>,
    private readonly handlers: DeviceRpcHandlers,
    private readonly userDeleted: UserDeletedReaction,
  ) {}

  async onModuleInit(): Promise<void> {
    this.ctx.health.register('database:device', () => this.db.ping());
    this.events.startOutbox();
    this.handlers.register();
    this.events.registerDeadLetterAdmin('device');
    await this.events.react(this.userDeleted);
    this.logger.log(`device-service initialised (${this.ctx.config.mode}), consuming user.deleted`);
  }

  async onModuleDestroy(): Promise<void> {
    await this.events.stop();
    await this.db.close();
  }
}
