import { Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { GatewayController } from './gateway/gateway.controller';
import { GatewayDispatcher } from './gateway/gateway-dispatcher';
import { PlatformExceptionFilter } from './http/platform-exception.filter';
import { SsoController } from './sso/sso.controller';

/** The public HTTP surface: /sso/*, /gateway, /stream. */
@Module({
  controllers: [SsoController, GatewayController],
  providers: [GatewayDispatcher, { provide: APP_FILTER, useClass: PlatformExceptionFilter }],
})
export class EdgeModule {}
