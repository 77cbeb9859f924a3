/**
 * POST /sso/authorize_by_token, /sso/refresh_token, /sso/user_callback (spec 4.1, 5.1). The edge only
 * collects the signed headers and parameters (form body, JSON body or query string); sso-service verifies
 * the signature and does the work. Its answer tells whether the signature held, which decides whether the
 * call spends the merchant's rate-limit budget (signature-verified.ts).
 */
import { All, Controller, HttpCode, Inject, Param, Req, UseFilters } from '@nestjs/common';
import { ErrorCode, PlatformError, SSO_RPC, type SignedSsoRequest, successEnvelope } from '@dcp/contracts';
import type { RpcClient } from '@dcp/messaging';
import { RUNTIME_RPC_CLIENT } from '@dcp/runtime';
import type { FastifyRequest } from 'fastify';
import { AccessTokenCache } from '../gateway/access-token-cache';
import { collectParams } from '../http/collect-params';
import { countVerifiedClient } from '../http/rate-limits';
import { OnSurface } from '../http/surface';
import { refusedAfterVerification } from './signature-verified';
import { SsoExceptionFilter } from './sso-exception.filter';

const header = (req: FastifyRequest, name: string): string | undefined => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

@Controller('sso')
@UseFilters(SsoExceptionFilter)
export class SsoController {
  constructor(
    @Inject(RUNTIME_RPC_CLIENT) private readonly rpcClient: RpcClient,
    private readonly tokens: AccessTokenCache,
  ) {}

  @All(':operation')
  @OnSurface('sso')
  @HttpCode(200)
  async handle(@Param('operation') operation: string, @Req() req: FastifyRequest) {
    const contract = {
      authorize_by_token: SSO_RPC.ssoAuthorizeByToken,
      refresh_token: SSO_RPC.ssoRefreshToken,
      user_callback: SSO_RPC.ssoUserCallback,
    }[operation];
    if (!contract) throw new PlatformError(ErrorCode.SSO_PARAMETER_INVALID, `unknown SSO operation ${operation}`);
    if (req.method !== 'POST') throw new PlatformError(ErrorCode.SSO_PARAMETER_INVALID, `/sso/${operation} must be called with POST`);
    const signed: SignedSsoRequest = {
      method: 'POST',
      path: `/sso/${operation}`,
      headers: {
        clientTime: header(req, 'x-client-time'),
        version: header(req, 'x-version'),
        clientId: header(req, 'x-client-id'),
        sign: header(req, 'sign'),
      },
      params: collectParams(req.query as Record<string, unknown>, req.body, ErrorCode.SSO_PARAMETER_INVALID),
    };
    if (operation === 'user_callback') {
      const { revokedUserId } = await this.countingVerified(req, operation, signed, () => this.rpcClient.request(SSO_RPC.ssoUserCallback, signed));
      // A DELETE's tokens are dead from the moment we answer: never serve them from this edge's cache.
      if (revokedUserId !== undefined) this.tokens.forgetUser(revokedUserId);
      return successEnvelope();
    }
    return successEnvelope(undefined, await this.countingVerified(req, operation, signed, () => this.rpcClient.request(contract as typeof SSO_RPC.ssoAuthorizeByToken, signed)));
  }

  /**
   * Runs the call and spends the merchant's rate-limit budget when sso-service's answer shows the signature
   * was verified (decisions SDE1): a failed signature never spends the budget of the clientId it names.
   */
  private async countingVerified<T>(req: FastifyRequest, operation: string, signed: SignedSsoRequest, call: () => Promise<T>): Promise<T> {
    const clientId = signed.headers.clientId;
    let answer: T;
    try {
      answer = await call();
    } catch (err) {
      if (clientId && refusedAfterVerification(operation, err)) await countVerifiedClient(req, clientId);
      throw err;
    }
    if (clientId) await countVerifiedClient(req, clientId);
    return answer;
  }
}
