/**
 * POST /sso/authorize_by_token (spec 4.1, 3.1): the merchant's app trades a merchant token for platform
 * tokens. The merchant's is_valid_token says who the user is; the shadow account is created or refreshed.
 */
import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode, PlatformError, SSO_PARAMETER_LIMITS, type SignedSsoRequest, type TokenResult, SSO_RPC } from '@dcp/contracts';
import { MerchantClient } from '../merchant-client/merchant-client';
import { SignedRequestVerifier } from '../signature/signed-request.verifier';
import { RUNTIME_CLOCK, type Clock, ServesRpc } from '@dcp/runtime';
import { requiredParam } from '../common/sso-params';
import { issueToken } from './issued-token';
import { SessionRepository, type SessionLogin } from './session.repository';

/** Merchant tokens are opaque to us; this only bounds what is forwarded. */

@Injectable()
export class AuthorizeByTokenUseCase {
  constructor(
    private readonly verifier: SignedRequestVerifier,
    private readonly merchantClient: MerchantClient,
    @Inject(SessionRepository) private readonly sessions: SessionLogin,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
  ) {}

  @ServesRpc(SSO_RPC.ssoAuthorizeByToken, 'authorize_by_token')
  async execute(request: SignedSsoRequest): Promise<TokenResult> {
    const merchant = await this.verifier.verify(request);
    const token = requiredParam(request.params, 'token', SSO_PARAMETER_LIMITS.maxMerchantTokenLength);
    const answer = await this.merchantClient.validateToken(merchant, token);
    if (answer.kind === 'refused') {
      throw new PlatformError(ErrorCode.SSO_PARTNER_AUTHORIZATION_DENIED, `partner authorization denied: ${answer.failureDetails || 'the merchant refused the token'}`);
    }
    const now = this.clock.now();
    const access = issueToken(merchant.accessTokenTtlSeconds, now);
    const refresh = issueToken(merchant.refreshTokenTtlSeconds, now);
    const user = await this.sessions.login(merchant, answer.user, access, refresh);
    return { accessToken: access.token, refreshToken: refresh.token, expiresIn: merchant.accessTokenTtlSeconds, openId: user.openId };
  }
}
