/**
 * How a service answers a gateway operation routed to it by the edge (`dcp.gateway.<service>`): the call
 * arrives validated against the catalogue and, for user-scoped operations, authenticated; the handler
 * returns `data` and any extra top-level envelope fields, or throws a PlatformError.
 */
import { ErrorCode, type AuthenticatedUser, type GatewayCall, type GatewayResult, PlatformError, findOperation, gatewayCallSchema, gatewaySubject } from '@dcp/contracts';
import type { RuntimeContext } from './context';

export interface UserGatewayCall extends GatewayCall {
  user: AuthenticatedUser;
}

export function serveGatewayOperation(ctx: RuntimeContext, service: string, handler: (call: GatewayCall) => Promise<GatewayResult>): void {
  const op = findOperation('gateway', service) ?? findOperation('stream', service);
  if (!op) throw new Error(`${service} is not in the gateway operation catalogue`);
  ctx.rpcServer.handle(gatewaySubject(service), async (payload) => {
    const parsed = gatewayCallSchema.safeParse(payload);
    if (!parsed.success) throw new PlatformError(ErrorCode.FC_INVALID_PARAMETER, `malformed ${service} call`);
    if (op.auth === 'user' && !parsed.data.user) throw new PlatformError(ErrorCode.FC_SYSTEM_ERROR, `${service} reached its service without an authenticated user`);
    return handler(parsed.data);
  });
}

/** For user-scoped operations: the handler receives the authenticated user as non-optional. */
export function serveUserGatewayOperation(ctx: RuntimeContext, service: string, handler: (call: UserGatewayCall) => Promise<GatewayResult>): void {
  serveGatewayOperation(ctx, service, (call) => handler(call as UserGatewayCall));
}
