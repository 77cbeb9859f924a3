/**
 * How a service answers a gateway operation routed to it by the edge (`dcp.gateway.<service>`): the call
 * arrives validated and, for user-scoped operations, authenticated; its parameters are parsed again here
 * with the catalogue entry's own schema (the wire is not trusted), so the handler receives them typed.
 */
import {
  type AnyGatewayOperation,
  ErrorCode,
  type GatewayResult,
  type OperationCall,
  PlatformError,
  gatewayCallSchema,
  gatewaySubject,
  parseOperationParams,
} from '@dcp/contracts';
import type { RuntimeContext } from '../host/context';

export type OperationHandler<Op extends AnyGatewayOperation> = (call: OperationCall<Op>) => Promise<GatewayResult>;

export function serveGatewayOperation<Op extends AnyGatewayOperation>(ctx: RuntimeContext, op: Op, handler: OperationHandler<Op>): void {
  ctx.rpcServer.handle(gatewaySubject(op.service), async (payload) => {
    const parsed = gatewayCallSchema.safeParse(payload);
    if (!parsed.success) throw new PlatformError(ErrorCode.FC_INVALID_PARAMETER, `malformed ${op.service} call`);
    const { user, requestId } = parsed.data;
    if (op.auth === 'user' && !user) throw new PlatformError(ErrorCode.FC_SYSTEM_ERROR, `${op.service} reached its service without an authenticated user`);
    const params = parseOperationParams(op, parsed.data.params);
    return handler({ params, user: op.auth === 'user' ? user : undefined, requestId } as OperationCall<Op>);
  }, { queue: op.owner }); // the owner's replicas share one queue group (the subject does not name the owner)
}
