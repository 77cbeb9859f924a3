/**
 * The request-reply entry points of one service, each counted by outcome in
 * `dcp_service_operations_total{service,operation,outcome}` (outcome `ok` or the error code's value): the gateway
 * operations of the catalogue it owns, and its RPC contracts (admin, internal queries).
 */
import {
  OPERATIONS,
  type OperationsOwnedBy,
  PlatformError,
  type RpcContract,
  type ServiceName,
  operationsOwnedBy,
} from '@dcp/contracts';
import type { z } from 'zod';
import type { RuntimeContext } from './context';
import { type OperationHandler, serveGatewayOperation } from './gateway-operation';

/** One handler per catalogue entry the service owns: a missing or misspelled one does not compile. */
export type CatalogueHandlers<S extends ServiceName> = { [K in keyof OperationsOwnedBy<S>]: OperationHandler<OperationsOwnedBy<S>[K]> };

export class ServiceOperations<S extends ServiceName> {
  constructor(
    private readonly ctx: RuntimeContext,
    private readonly service: S,
  ) {}

  /** Serves every gateway operation the service owns. */
  serveCatalogue(handlers: CatalogueHandlers<S>): void {
    const owned = operationsOwnedBy(this.service) as Record<string, (typeof OPERATIONS)[number]>;
    const byKey = handlers as Record<string, OperationHandler<(typeof OPERATIONS)[number]> | undefined>;
    for (const [key, op] of Object.entries(owned)) {
      const run = byKey[key];
      // Unreachable for typed callers; kept for JavaScript callers and casts.
      if (!run) throw new Error(`${this.service}-service does not serve ${op.service}`);
      serveGatewayOperation(this.ctx, op, (call) => this.counted(op.service, () => run(call)));
    }
  }

  contract<Req extends z.ZodTypeAny, Res extends z.ZodTypeAny>(contract: RpcContract<Req, Res>, operation: string, run: (req: z.output<Req>) => Promise<z.input<Res>>): void {
    this.ctx.rpcServer.handleContract(contract, (req) => this.counted(operation, () => run(req)));
  }

  private async counted<T>(operation: string, run: () => Promise<T>): Promise<T> {
    try {
      const result = await run();
      this.count(operation, 'ok');
      return result;
    } catch (err) {
      this.count(operation, PlatformError.from(err).value);
      throw err;
    }
  }

  private count(operation: string, outcome: string): void {
    this.ctx.metrics.increment('dcp_service_operations_total', { service: this.service, operation, outcome });
  }
}
