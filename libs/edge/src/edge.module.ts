import { Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { GatewayController } from './gateway/gateway.controller';
import { GatewayDispatcher } from './gateway/gateway-dispatcher';
import { HlsController } from './hls/hls.controller';
import { PlatformExceptionFilter } from './http/platform-exception.filter';
import { SsoController } from './sso/sso.controller';

/** The public HTTP surface: /sso/*, /gateway, /stream, /hls/* (playback on the cloud-storage host). */
@Module({
  controllers: [SsoController, GatewayController, HlsController],
  providers: [GatewayDispatcher, { provide: APP_FILTER, useClass: PlatformExceptionFilter }],
})
export class EdgeModule {}
