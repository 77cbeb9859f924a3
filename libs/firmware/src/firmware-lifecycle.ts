/**
 * Start and stop of firmware-service inside its host: readiness check and RPC handlers; on shutdown the
 * database closes. firmware-service neither consumes nor publishes events (no outbox, no consumer).
 */
import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { RUNTIME_CONTEXT, type RuntimeContext, serviceDatabaseToken } from '@dcp/runtime';
import type { FirmwareDatabase } from './firmware-database.types';
import { FirmwareRpcHandlers } from './rpc/firmware-rpc.handlers';

@Injectable()
export class FirmwareLifecycle implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('firmware-service');

  constructor(
    @Inject(RUNTIME_CONTEXT) private readonly ctx: RuntimeContext,
    @Inject(serviceDatabaseToken('firmware')) private readonly db: FirmwareDatabase,
    private readonly handlers: FirmwareRpcHandlers,
  ) {}

  onModuleInit(): void {
    this.ctx.health.register('database:firmware', () => this.db.ping());
    this.handlers.register();
    this.logger.log(`firmware-service ready (${this.ctx.config.mode})`);
  }

  async onModuleDestroy(): Promise<void> {
    await this.db.close();
  }
}
