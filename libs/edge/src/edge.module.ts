import { Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { accessTokenCacheProvider } from './gateway/access-token-cache';
import { GatewayDispatcher } from './gateway/gateway-dispatcher';
import { PlatformExceptionFilter } from './http/platform-exception.filter';
import { PublicApiController } from './public-api/public-api.controller';
import { SsoController } from './sso/sso.controller';

/**
 * The public HTTP surface: /sso/*, /gateway, /stream, /hls/* (playback on the cloud-storage host), and the
 * API document describing it (/openapi.json, browsable at /docs).
 */
@Module({
  // /gateway and /stream are plain Fastify routes (gateway/gateway-routes.ts, registered by edge-servers.ts).
  controllers: [SsoController, PublicApiController],
  providers: [
    accessTokenCacheProvider,
    GatewayDispatcher,
    // Each surface's controllers bind their own filter; this one answers unknown paths and errors raised
    // before a route's handler ran.
    { provide: APP_FILTER, useClass: PlatformExceptionFilter },
  ],
})
export class EdgeModule {}
