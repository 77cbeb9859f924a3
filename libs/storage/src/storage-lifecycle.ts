/**
 * Start and stop of storage-service inside its host: readiness checks (database, object store), the RPC
 * handlers, the dead-letter admin, the durable consumer (device.unbound, user.deleted) and the retention
 * sweeper, poked after every purge so objects go right after the commit. On shutdown the consumer and
 * sweeper stop before the database and the object store close.
 */
import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { RUNTIME_CLOCK, RUNTIME_CONTEXT, type Clock, type RuntimeContext } from '@dcp/runtime';
import { STORAGE_DATABASE, type StorageDatabase } from './infrastructure/storage-database';
import { STORAGE_EVENTS, type StorageEvents } from './infrastructure/storage-events';
import { OBJECT_STORE, type ObjectStore } from './objects/object-store';
import { RetentionHandlers } from './retention/retention.handlers';
import { RetentionSweeper } from './retention/retention-sweeper';
import { StorageRpcHandlers } from './rpc/storage-rpc.handlers';

@Injectable()
export class StorageLifecycle implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('storage-service');
  private unobserve?: () => void;

  constructor(
    @Inject(RUNTIME_CONTEXT) private readonly ctx: RuntimeContext,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
    @Inject(STORAGE_DATABASE) private readonly db: StorageDatabase,
    @Inject(STORAGE_EVENTS) private readonly events: StorageEvents,
    @Inject(OBJECT_STORE) private readonly store: ObjectStore,
    private readonly handlers: StorageRpcHandlers,
    private readonly retention: RetentionHandlers,
    private readonly sweeper: RetentionSweeper,
  ) {}

  async onModuleInit(): Promise<void> {
    this.ctx.health.register('database:storage', () => this.db.ping());
    this.ctx.health.register('objects:storage', () => this.store.ping());
    this.handlers.register();
    this.events.registerDeadLetterAdmin('storage');
    this.unobserve = this.events.onHandled((handled) => {
      if (handled.outcome === 'applied') this.sweeper.poke();
    });
    const now = () => this.clock.now();
    await this.events.consume({
      deviceUnbound: (data, tx) => this.retention.deviceUnbound(data, tx, now()),
      userDeleted: (data, tx) => this.retention.userDeleted(data, tx, now()),
    });
    this.sweeper.start();
    this.logger.log(`storage-service ready (${this.ctx.config.mode}), segments in ${this.store.location}`);
  }

  async onModuleDestroy(): Promise<void> {
    this.unobserve?.();
    await this.events.stop();
    await this.sweeper.stop();
    await this.db.close();
    await this.store.close();
  }
}
