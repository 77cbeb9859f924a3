/**
 * The two endpoints a merchant implements for the platform (spec 4.3), at the reference paths. Both answer
 * 200 with {errorCode: '', failureDetails: '', user} or 401 with {errorCode, failureDetails}.
 */
import { Controller, Get, Logger, Query, UseGuards } from '@nestjs/common';
import type { MerchantUser } from './merchant-user';
import { firstValue } from './query-params';
import { SandboxError, sandboxFailure } from './sandbox-errors';
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
  private readonly logger = new Logger('MerchantSandbox');

  constructor(private readonly users: MerchantUserStore) {}

  @Get('is_valid_token')
  isValidToken(@Query('token') token: string | string[] | undefined): MerchantUserResponse {
    const value = firstValue(token);
    const user = value ? this.users.userForToken(value) : undefined;
    if (!user) {
      this.logger.log('is_valid_token: token refused');
      throw sandboxFailure(SandboxError.TokenInvalid);
    }
    this.logger.log(`is_valid_token: token of user ${user.uuid}`);
    return { errorCode: '', failureDetails: '', user };
  }

  @Get('get_user_profile')
  getUserProfile(@Query('uuid') uuid: string | string[] | undefined): MerchantUserResponse {
    const value = firstValue(uuid);
    const user = value ? this.users.get(value) : undefined;
    if (!user) {
      this.logger.log(`get_user_profile: no user ${value ?? ''}`);
      throw sandboxFailure(SandboxError.UserProfileNotExists);
    }
    this.logger.log(`get_user_profile: user ${user.uuid}`);
    return { errorCode: '', failureDetails: '', user };
  }
}
