/**
 * POST /sso/user_callback (spec 4.1, 6.2): the merchant tells us a user changed or was deleted; we confirm
 * with its get_user_profile before acting. Repeating a callback is harmless.
 */
import { Inject, Injectable, Logger } from '@nestjs/common';
import { ErrorCode, PlatformError, SSO_PARAMETER_LIMITS, type SignedSsoRequest, SSO_RPC } from '@dcp/contracts';
import { MerchantClient } from '../merchant-client/merchant-client';
import type { Merchant } from '../merchants/merchant';
import { SignedRequestVerifier } from '../signature/signed-request.verifier';
import { enumParam, requiredParam } from '../common/sso-params';
import { ShadowUserRepository, type ShadowUserStore } from './shadow-user.repository';
import { ServesRpc } from '@dcp/runtime';


@Injectable()
export class UserCallbackUseCase {
  private readonly logger = new Logger('sso-user-callback');

  constructor(
    private readonly verifier: SignedRequestVerifier,
    private readonly merchantClient: MerchantClient,
    @Inject(ShadowUserRepository) private readonly users: ShadowUserStore,
  ) {}

  @ServesRpc(SSO_RPC.ssoUserCallback, 'user_callback')
  async execute(request: SignedSsoRequest): Promise<{ revokedUserId?: number }> {
    const merchant = await this.verifier.verify(request);
    const operation = enumParam(request.params, 'operation', SSO_PARAMETER_LIMITS.callbackOperations);
    const uuid = requiredParam(request.params, 'uuid', SSO_PARAMETER_LIMITS.maxUuidLength);
    if (operation === 'UPDATE') {
      await this.update(merchant, uuid);
      return {};
    }
    const revokedUserId = await this.delete(merchant, uuid);
    return revokedUserId === undefined ? {} : { revokedUserId };
  }

  private async update(merchant: Merchant, uuid: string): Promise<void> {
    const answer = await this.merchantClient.getUserProfile(merchant, uuid);
    if (answer.kind === 'refused') {
      throw new PlatformError(ErrorCode.SSO_USER_NOT_FOUND, `user profile not exists: the merchant does not know user ${uuid} (${answer.failureDetails})`);
    }
    if (answer.user.uuid !== uuid) {
      throw new PlatformError(ErrorCode.SSO_MERCHANT_UNAVAILABLE, `merchant endpoint get_user_profile unavailable: asked for user ${uuid}, it returned user ${answer.user.uuid.slice(0, 128)}`);
    }
    // A user who never signed in has no shadow account: nothing to refresh, and no event.
    await this.users.updateProfile(merchant, answer.user);
  }

  private async delete(merchant: Merchant, uuid: string): Promise<number | undefined> {
    // Already deleted (or never signed in): the callback's goal holds, answer success without asking the merchant.
    if (!(await this.users.exists(merchant.id, uuid))) return undefined;
    const answer = await this.merchantClient.getUserProfile(merchant, uuid);
    if (answer.kind === 'user') {
      throw new PlatformError(
        ErrorCode.SSO_USER_STILL_EXISTS,
        `merchant still returns user ${uuid} from get_user_profile; delete the user at the merchant before sending DELETE`,
      );
    }
    const deletedId = await this.users.delete(merchant, uuid);
    if (deletedId !== undefined) this.logger.log(`user ${uuid} of merchant ${merchant.clientId} deleted with all its tokens`);
    return deletedId;
  }
}
