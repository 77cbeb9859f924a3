/** The edge's authentication of a gateway call (spec 5.2, codes of 7.2). */
import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode, PlatformError, SSO_RPC } from '@dcp/contracts';
import { RUNTIME_CLOCK, type Clock, ServesRpc } from '@dcp/runtime';
import { sha256Hex } from '../common/random';
import { AccessTokenLookup } from './access-token.lookup';

export interface VerifiedAccess {
  userId: number;
  openId: string;
  clientId: string;
  uuid: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

@Injectable()
export class VerifyAccessTokenUseCase {
  constructor(
    private readonly lookup: AccessTokenLookup,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
  ) {}

  @ServesRpc(SSO_RPC.ssoVerifyAccessToken, 'verify_access_token')
  async execute(request: { clientId: string; openId: string; accessToken: string }): Promise<VerifiedAccess> {
    const f = await this.lookup.facts(request.clientId, request.openId, sha256Hex(request.accessToken));
    if (f.merchantId === null) throw new PlatformError(ErrorCode.FC_AUTH_APPKEY_NOT_EXISTS);
    if (!f.merchantEnabled) throw new PlatformError(ErrorCode.FC_AUTH_APPKEY_NOT_EXISTS, 'application key is disabled');
    if (f.userId === null) throw new PlatformError(ErrorCode.FC_AUTH_OPENID_NOT_EXISTS);
    if (f.userMerchantId !== f.merchantId) throw new PlatformError(ErrorCode.FC_AUTH_OPENID_NOT_MATCH, 'openId does not belong to this clientId');
    if (f.tokenUserId !== f.userId || f.tokenKind !== 'ACCESS' || f.tokenRevokedAt !== null) throw new PlatformError(ErrorCode.FC_AUTH_ACCESSTOKEN_NOT_MATCH);
    const expiresAt = (f.tokenExpiresAt as Date).getTime();
    if (expiresAt <= this.clock.now()) throw new PlatformError(ErrorCode.FC_AUTH_ACCESSTOKEN_EXPIRED);
    return { userId: f.userId, openId: request.openId, clientId: request.clientId, uuid: f.uuid as string, expiresAt };
  }
}
