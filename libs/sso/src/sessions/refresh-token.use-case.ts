/**
 * POST /sso/refresh_token (spec 3.1): a new access token for a valid refresh token. By default the refresh
 * token stays valid until it expires (clients in the field reuse it); with the merchant's rotation option
 * each exchange consumes it and issues a new one, and presenting a consumed one revokes the whole family.
 */
import { Inject, Injectable, Logger } from '@nestjs/common';
import { ErrorCode, PlatformError, SSO_PARAMETER_LIMITS, type SignedSsoRequest, type TokenResult, SSO_RPC } from '@dcp/contracts';
import { SignedRequestVerifier } from '../signature/signed-request.verifier';
import { RUNTIME_CLOCK, type Clock, ServesRpc } from '@dcp/runtime';
import { sha256Hex } from '../common/random';
import { requiredParam } from '../common/sso-params';
import { issueToken } from './issued-token';
import { SessionRepository, type StoredRefreshToken, type RefreshTokenStore } from './session.repository';

/** Longer than any token we issue; anything longer cannot exist, but is answered like any unknown token. */

@Injectable()
export class RefreshTokenUseCase {
  private readonly logger = new Logger('sso-refresh');

  constructor(
    private readonly verifier: SignedRequestVerifier,
    @Inject(SessionRepository) private readonly sessions: RefreshTokenStore,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
  ) {}

  @ServesRpc(SSO_RPC.ssoRefreshToken, 'refresh_token')
  async execute(request: SignedSsoRequest): Promise<TokenResult> {
    const merchant = await this.verifier.verify(request);
    const presented = requiredParam(request.params, 'refreshToken', SSO_PARAMETER_LIMITS.maxRefreshTokenLength);
    const stored = await this.sessions.findRefreshToken(sha256Hex(presented));
    // Another merchant's refresh token does not exist for this merchant.
    if (!stored || stored.merchantId !== merchant.id) throw new PlatformError(ErrorCode.SSO_TOKEN_INFO_NOT_EXISTS);
    const now = this.clock.now();
    if (stored.consumedAt) await this.reused(stored, now);
    if (stored.revokedAt) throw new PlatformError(ErrorCode.SSO_TOKEN_INFO_NOT_EXISTS, 'tokenInfo not exists (revoked)');
    if (stored.expiresAt.getTime() <= now) throw new PlatformError(ErrorCode.SSO_REFRESH_TOKEN_EXPIRED);

    const access = issueToken(merchant.accessTokenTtlSeconds, now);
    if (!merchant.refreshTokenRotation) {
      await this.sessions.issueAccess(stored.userId, stored.family, access);
      return { accessToken: access.token, refreshToken: presented, expiresIn: merchant.accessTokenTtlSeconds, openId: stored.openId };
    }
    const refresh = issueToken(merchant.refreshTokenTtlSeconds, now);
    if (!(await this.sessions.rotate(stored, access, refresh, now))) await this.reused(stored, now);
    return { accessToken: access.token, refreshToken: refresh.token, expiresIn: merchant.accessTokenTtlSeconds, openId: stored.openId };
  }

  private async reused(stored: StoredRefreshToken, now: number): Promise<never> {
    const revoked = await this.sessions.revokeFamily(stored.family, now);
    this.logger.warn(`rotated refresh token of user ${stored.userId} presented again: ${revoked} token(s) of its family revoked`);
    throw new PlatformError(ErrorCode.SSO_REFRESH_TOKEN_REUSED);
  }
}
