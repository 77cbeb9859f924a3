/**
 * Start and stop of storage-service inside its host: first the shared-store guard (a replica on a local
 * folder of its own refuses to start), then readiness checks (database, object store), the subscription
 * that keeps the stream calls' owner and subtoken facts current (before any call can fill them), the RPC
 * handlers, the dead-letter admin, the durable consumer (device.unbound, user.deleted) and the retention
 * sweeper, poked after every purge so objects go right after the commit. On shutdown the consumer and
 * sweeper stop before the database and the object store close.
 */
import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { RUNTIME_CONTEXT, SERVICE_EVENTS, type RuntimeContext, type ServiceEvents, serviceDatabaseToken } from '@dcp/runtime';
import type { StorageDatabase, StorageTransaction } from './storage-database.types';
import { OBJECT_STORE, type ObjectStore } from './objects/object-store';
import { SharedStoreGuard } from './objects/sharing/shared-store-guard';
import { DeviceUnboundReaction } from './reactions/device-unbound.reaction';
import { UserDeletedReaction } from './reactions/user-deleted.reaction';
import { RetentionSweeper } from './retention/retention-sweeper';
import { StorageRpcHandlers } from './rpc/storage-rpc.handlers';
import { SessionFacts } from './session/session-facts';

@Injectable()
export class StorageLifecycle implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('storage-service');
  private unobserve?: () => void;

  constructor(
    @Inject(RUNTIME_CONTEXT) private readonly ctx: RuntimeContext,
    @Inject(serviceDatabaseToken('storage')) private readonly db: StorageDatabase,
    @Inject(SERVICE_EVENTS) private readonly events: ServiceEvents<StorageTransaction>,
    @Inject(OBJECT_STORE) private readonly store: ObjectStore,
    private readonly handlers: StorageRpcHandlers,
    private readonly deviceUnbound: DeviceUnboundReaction,
    private readonly userDeleted: UserDeletedReaction,
    private readonly sweeper: RetentionSweeper,
    private readonly storeGuard: SharedStoreGuard,
    private readonly sessionFacts: SessionFacts,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.storeGuard.start();
    this.ctx.health.register('database:storage', () => this.db.ping());
    this.ctx.health.register('objects:storage', () => this.store.ping());
    await this.sessionFacts.start();
    this.handlers.register();
    this.events.registerDeadLetterAdmin('storage');
    this.unobserve = this.events.onHandled((handled) => {
      if (handled.outcome === 'applied') this.sweeper.poke();
    });
    await this.events.react(this.deviceUnbound, this.userDeleted);
    this.sweeper.start();
    this.logger.log(`storage-service initialised (${this.ctx.config.mode}), segments in ${this.store.location}`);
  }

  async onModuleDestroy(): Promise<void> {
    this.unobserve?.();
    await this.events.stop();
    await this.sessionFacts.stop();
    await this.sweeper.stop();
    await this.storeGuard.stop();
    await this.db.close();
    await this.store.close();
  }
}
