/**
 * The two endpoints a merchant implements for the platform (spec 4.3), at the reference paths. Both answer
 * 200 with {errorCode: '', failureDetails: '', user} or 401 with {errorCode, failureDetails}.
 */
import { Controller, Get, Inject, Query, UseGuards } from '@nestjs/common';
import type { Logger } from '@dcp/observability';
import type { MerchantUser } from './merchant-user';
import { firstValue } from './query-params';
import { SandboxError, sandboxFailure } from './sandbox-errors';
import { SANDBOX_LOGGER } from './sandbox-options';
import { SignatureGuard } from './signature.guard';
import { MerchantUserStore } from './user-store';

export interface MerchantUserResponse {
  errorCode: '';
  failureDetails: '';
  user: MerchantUser;
}

@Controller('idp')
@UseGuards(SignatureGuard)
export class IdpController {
  constructor(
    private readonly users: MerchantUserStore,
    @Inject(SANDBOX_LOGGER) private readonly logger: Logger,
  ) {}

  @Get('is_valid_token')
  isValidToken(@Query('token') token: string | string[] | undefined): MerchantUserResponse {
    const value = firstValue(token);
    const user = value ? this.users.userForToken(value) : undefined;
    if (!user) {
      this.logger.info('is_valid_token: token refused');
      throw sandboxFailure(SandboxError.TokenInvalid);
    }
    this.logger.info(`is_valid_token: token of user ${user.uuid}`);
    return { errorCode: '', failureDetails: '', user };
  }

  @Get('get_user_profile')
  getUserProfile(@Query('uuid') uuid: string | string[] | undefined): MerchantUserResponse {
    const value = firstValue(uuid);
    const user = value ? this.users.get(value) : undefined;
    if (!user) {
      this.logger.info(`get_user_profile: no user ${value ?? ''}`);
      throw sandboxFailure(SandboxError.UserProfileNotExists);
    }
    this.logger.info(`get_user_profile: user ${user.uuid}`);
    return { errorCode: '', failureDetails: '', user };
  }
}
