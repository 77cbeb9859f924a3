/**
 * The request-reply entry points of one service, each counted by outcome in
 * `dcp_service_operations_total{service,operation,outcome}` (outcome `ok` or the error code's value): the gateway
 * operations of the catalogue it owns, and its RPC contracts (admin, internal queries).
 */
import { type CallOf, GATEWAY_OPERATIONS, type GatewayResult, type OperationKey, PlatformError, type RpcContract, type ServiceName } from '@dcp/contracts';
import type { z } from 'zod';
import type { RuntimeContext } from '../host/context';
import { serveGatewayOperation } from './gateway-operation';

export class ServiceOperations<S extends ServiceName> {
  constructor(
    private readonly ctx: RuntimeContext,
    private readonly service: S,
  ) {}

  /** Serves gateway operation `key` of the catalogue (the host checks the service owns it). */
  operation<K extends OperationKey>(key: K, run: (call: CallOf<K>) => Promise<GatewayResult>): void {
    const op = GATEWAY_OPERATIONS[key];
    serveGatewayOperation(this.ctx, op, (call) => this.counted(op.service, () => run(call as CallOf<K>)));
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
