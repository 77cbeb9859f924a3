/** Management API for demos and tests: create, change and delete the merchant's users, issue tokens. */
import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Patch, Post } from '@nestjs/common';
import type { MerchantUser } from './merchant-user';
import { SandboxError, sandboxFailure } from './sandbox-errors';
import { createUserBody, issueTokenBody, parseBody, updateUserBody } from './sandbox.schemas';
import { MerchantUserStore, UserAlreadyExistsError } from './user-store';

export interface IssuedTokenResponse {
  token: string;
  /** ISO 8601. */
  expiresAt: string;
}

@Controller('sandbox/users')
export class SandboxUsersController {
  constructor(private readonly users: MerchantUserStore) {}

  @Get()
  list(): MerchantUser[] {
    return this.users.list();
  }

  @Post()
  create(@Body() body: unknown): MerchantUser {
    try {
      return this.users.create(parseBody(createUserBody, body));
    } catch (err) {
      if (err instanceof UserAlreadyExistsError) throw sandboxFailure(SandboxError.UserExists, err.message);
      throw err;
    }
  }

  @Get(':uuid')
  get(@Param('uuid') uuid: string): MerchantUser {
    return this.users.get(uuid) ?? this.notFound(uuid);
  }

  @Patch(':uuid')
  update(@Param('uuid') uuid: string, @Body() body: unknown): MerchantUser {
    return this.users.update(uuid, parseBody(updateUserBody, body)) ?? this.notFound(uuid);
  }

  @Delete(':uuid')
  @HttpCode(HttpStatus.NO_CONTENT)
  delete(@Param('uuid') uuid: string): void {
    if (!this.users.delete(uuid)) this.notFound(uuid);
  }

  @Post(':uuid/tokens')
  issueToken(@Param('uuid') uuid: string, @Body() body: unknown): IssuedTokenResponse {
    const { ttlSeconds } = parseBody(issueTokenBody, body);
    const token = this.users.issueToken(uuid, ttlSeconds) ?? this.notFound(uuid);
    return { token, expiresAt: new Date(this.users.tokenExpiresAt(token) as number).toISOString() };
  }

  private notFound(uuid: string): never {
    throw sandboxFailure(SandboxError.UserNotFound, `user ${uuid} not found`);
  }
}
