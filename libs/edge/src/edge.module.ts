import { Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { GatewayController } from './gateway/gateway.controller';
import { GatewayDispatcher } from './gateway/gateway-dispatcher';
import { HlsController } from './hls/hls.controller';
import { PlatformExceptionFilter } from './http/platform-exception.filter';
import { PublicApiController } from './public-api/public-api.controller';
import { SsoController } from './sso/sso.controller';

/**
 * The public HTTP surface: /sso/*, /gateway, /stream, /hls/* (playback on the cloud-storage host), and the
 * API document describing it (/openapi.json, browsable at /docs).
 */
@Module({
  controllers: [SsoController, GatewayController, HlsController, PublicApiController],
  providers: [GatewayDispatcher, { provide: APP_FILTER, useClass: PlatformExceptionFilter }],
})
export class EdgeModule {}
