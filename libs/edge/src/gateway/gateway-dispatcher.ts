/**
 * The gateway's one path for every `service=` call: catalogue lookup (009999), HTTP method and parameter
 * validation (000006), user authentication through sso-service (030010/030030/030031/030040/030041),
 * then request-reply to the owning service. Nothing reaches a service before all checks pass.
 */
import { Inject, Injectable } from '@nestjs/common';
import {
  type AuthenticatedUser,
  ErrorCode,
  type AnyGatewayOperation,
  GATEWAY_OPERATIONS,
  type GatewayResult,
  PlatformError,
  SSO_RPC,
  type Surface,
  findOperation,
  gatewayResultSchema,
  gatewaySubject,
  knownParams,
  parseOperationParams,
} from '@dcp/contracts';
import type { RpcClient } from '@dcp/messaging';
import { RUNTIME_CLOCK, RUNTIME_RPC_CLIENT, type Clock } from '@dcp/runtime';
import { AccessTokenCache } from './access-token-cache';

export interface GatewayRequest {
  surface: Surface;
  method: string;
  service: string | undefined;
  params: Record<string, string>;
  requestId: string;
  /**
   * Called once the access token is verified as belonging to the clientId (user operations only): the
   * merchant's rate-limit budget is spent there (decisions SDE1), never by a call that fails authentication.
   */
  onClientVerified?: (clientId: string) => Promise<void>;
}

/** Operations the edge answers itself (owner 'edge' in the catalogue). */
const LOCAL_OPERATIONS: Record<string, (clock: Clock) => GatewayResult> = {
  [GATEWAY_OPERATIONS.currentTime.service]: (clock) => ({ data: clock.now() }),
};

@Injectable()
export class GatewayDispatcher {
  constructor(
    @Inject(RUNTIME_RPC_CLIENT) private readonly rpcClient: RpcClient,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
    private readonly tokens: AccessTokenCache,
  ) {}

  async dispatch(req: GatewayRequest): Promise<GatewayResult> {
    const op = this.resolve(req);
    // Every parameter is checked before anyone is asked anything; the owner parses the same way again.
    parseOperationParams(op, req.params);
    const params = knownParams(op, req.params);
    const user = op.auth === 'user' ? await this.authenticate(params) : undefined;
    if (user) await req.onClientVerified?.(user.clientId);
    const local = LOCAL_OPERATIONS[op.service];
    if (op.owner === 'edge' && local) return local(this.clock);
    const reply = await this.rpcClient.requestRaw(gatewaySubject(op.service), { service: op.service, params, user, requestId: req.requestId }, { owner: op.owner });
    const parsed = gatewayResultSchema.safeParse(reply ?? {});
    if (!parsed.success) throw new PlatformError(ErrorCode.FC_SYSTEM_ERROR, `${op.owner} service gave a malformed reply`);
    return parsed.data;
  }

  private resolve(req: GatewayRequest): AnyGatewayOperation {
    if (!req.service) throw new PlatformError(ErrorCode.FC_INVALID_PARAMETER, 'parameter service is required');
    const op = findOperation(req.surface, req.service);
    if (!op) throw new PlatformError(ErrorCode.FC_SERVICE_NOT_IMPLEMENT, `service ${req.service} does not exist`);
    if (op.method !== req.method) throw new PlatformError(ErrorCode.FC_INVALID_PARAMETER, `${op.service} must be called with ${op.method}`);
    return op;
  }

  private async authenticate(params: Record<string, string>): Promise<AuthenticatedUser> {
    const { clientId, openId, accessToken } = params;
    const key = AccessTokenCache.key(clientId, openId, accessToken);
    const cached = this.tokens.get(key);
    if (cached) return cached;
    const verified = await this.rpcClient.request(SSO_RPC.ssoVerifyAccessToken, { clientId, openId, accessToken });
    const user: AuthenticatedUser = { userId: verified.userId, openId: verified.openId, clientId: verified.clientId, uuid: verified.uuid };
    this.tokens.set(key, user, verified.expiresAt);
    return user;
  }
}
