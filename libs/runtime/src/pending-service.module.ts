import { Inject, Logger, Module, type OnModuleInit, type Type } from '@nestjs/common';
import type { ServiceName } from '@dcp/contracts';
import { RUNTIME_CONTEXT, type RuntimeContext } from './context';
import { registerPendingOperations } from './pending-operations';

/**
 * The module of a service whose gateway operations arrive in a later issue: the service is up, reports
 * health, and answers each operation it owns with 009999 itself (the edge already routes them to it).
 */
export function pendingServiceModule(owner: ServiceName): Type<unknown> {
  @Module({})
  class PendingServiceModule implements OnModuleInit {
    private readonly logger = new Logger(`${owner}-service`);

    constructor(@Inject(RUNTIME_CONTEXT) private readonly ctx: RuntimeContext) {}

    onModuleInit(): void {
      const pending = registerPendingOperations(this.ctx.rpcServer, owner);
      this.logger.log(`answering ${pending.length} operation(s) with 009999 until implemented: ${pending.join(', ')}`);
    }
  }
  Object.defineProperty(PendingServiceModule, 'name', { value: `${owner[0].toUpperCase()}${owner.slice(1)}Module` });
  return PendingServiceModule;
}
