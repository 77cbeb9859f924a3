/**
 * The request-reply entry points of one service, each counted by outcome in
 * `dcp_<service>_operations_total{operation,outcome}` (outcome `ok` or the error code's value): gateway
 * operations routed by the edge, and the service's RPC contracts (admin, internal queries).
 */
import { type GatewayCall, type GatewayResult, OPERATIONS, PlatformError, type RpcContract, type ServiceName } from '@dcp/contracts';
import type { z } from 'zod';
import type { RuntimeContext } from './context';
import { type UserGatewayCall, serveGatewayOperation, serveUserGatewayOperation } from './gateway-operation';

export class ServiceOperations {
  private readonly served = new Set<string>();

  constructor(
    private readonly ctx: RuntimeContext,
    private readonly service: ServiceName,
  ) {}

  /** A user-scoped gateway operation (the edge authenticated `call.user`). */
  userGateway(operation: string, run: (call: UserGatewayCall) => Promise<GatewayResult>): void {
    serveUserGatewayOperation(this.ctx, operation, (call) => this.counted(operation, () => run(call)));
    this.served.add(operation);
  }

  /** A gateway operation without a user (it authenticates itself, or is public). */
  gateway(operation: string, run: (call: GatewayCall) => Promise<GatewayResult>): void {
    serveGatewayOperation(this.ctx, operation, (call) => this.counted(operation, () => run(call)));
    this.served.add(operation);
  }

  contract<Req extends z.ZodTypeAny, Res extends z.ZodTypeAny>(contract: RpcContract<Req, Res>, operation: string, run: (req: z.output<Req>) => Promise<z.input<Res>>): void {
    this.ctx.rpcServer.handleContract(contract, (req) => this.counted(operation, () => run(req)));
  }

  /** Refuses to start a service that leaves one of its catalogue operations unanswered. */
  assertServesCatalogue(): void {
    const missing = OPERATIONS.filter((op) => op.owner === this.service && !this.served.has(op.service)).map((op) => op.service);
    if (missing.length > 0) throw new Error(`${this.service}-service does not serve ${missing.join(', ')}`);
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
    this.ctx.metrics.increment(`dcp_${this.service}_operations_total`, `Operations answered by ${this.service}-service, by outcome`, { operation, outcome });
  }
}
