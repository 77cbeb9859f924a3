/**
 * Starts the edge's two HTTP servers over one RuntimeContext: the public surface on PORT and the admin
 * API on ADMIN_PORT. apps/gateway-edge runs it alone; apps/platform adds every service module to the
 * public app so the whole platform is one process.
 */
import type { AddressInfo } from 'node:net';
import type { IncomingMessage } from 'node:http';
import { type DynamicModule, Module, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { type Logger, contextLogger, fastifyLogging, nestLogger } from '@dcp/observability';
import { HealthModule, RuntimeModule, type Runtime, registerCameraRoutes, registerHttpShutdown, requireAdminTokens } from '@dcp/runtime';
import { registerAdminAuthLimit } from './admin/admin-auth-limit';
import { registerAdminHostCheck } from './admin/admin-host-check';
import { AdminTokens } from './admin/admin-tokens';
import { AdminAudit } from './admin/admin-audit';
import { answerAdminFrameworkError } from './admin/admin-framework-errors';
import { escapeUndecodablePath } from './admin/admin-undecodable-path';
import { AdminModule } from './admin/admin.module';
import { registerConsole } from './console/console-assets';
import { EdgeModule } from './edge.module';
import { GatewayDispatcher } from './gateway/gateway-dispatcher';
import { registerGatewayRoutes } from './gateway/gateway-routes';
import { cameraForwarding } from './camera/camera-forwarding';
import { registerPushRoutes } from './push/push-routes';
import { registerHlsRoutes } from './hls/hls-routes';
import { type FrameworkErrorHandler, answerPublicFrameworkError } from './http/framework-errors';
import { installJsonBodyParser } from './http/json-body';
import { registerRateLimits } from './http/rate-limits';
import { type EdgeServerOptions, edgeServerOptions } from './http/server-options';
import { JSON_BODY_LIMIT, RAW_BODY_LIMITS } from './http/body-limits';
import { recordHttpMetrics } from './http/http-metrics';
import { PublicTrafficWindow, recordPublicTraffic } from './http/public-traffic';
import { requestId } from './http/request-id';
import { traceRequests } from './http/trace-requests';

export interface EdgeServers {
  publicApp: NestFastifyApplication;
  adminApp: NestFastifyApplication;
  /** URLs this machine reaches the servers at: the address each listens on (127.0.0.1 when it is every interface). */
  publicUrl: string;
  adminUrl: string;
  /** Where each server listens, `address:port` (`0.0.0.0:3001`: every interface; SDA1). */
  publicAddress: string;
  adminAddress: string;
  close(): Promise<void>;
}

export interface EdgeOptions {
  /** Service modules hosted in the same process (apps/platform). */
  serviceModules?: (Type<unknown> | DynamicModule)[];
  /** Override the listen address of both servers (default: HOST and ADMIN_HOST). */
  host?: string;
  /** Override ports (tests: 0 = ephemeral). */
  port?: number;
  adminPort?: number;
  /**
   * The logger of both servers: each writes its request lines with `context` public-http / admin-http.
   * Default: the process's logger (LOG_LEVEL; configureLogging in libs/observability).
   */
  logger?: Logger;
}

/**
 * `urls`: how the port answers a URL its router refuses (an undecodable path, an over-long segment), in the
 * platform's terms (SDC3); the admin port also escapes an undecodable path so its own checks refuse it.
 */
function adapter(logger: Logger, serverOptions: EdgeServerOptions, urls: { frameworkErrors: FrameworkErrorHandler; rewriteUrl?: (req: IncomingMessage) => string }): FastifyAdapter {
  return new FastifyAdapter({
    ...fastifyLogging(logger),
    genReqId: requestId,
    bodyLimit: JSON_BODY_LIMIT,
    ...serverOptions,
    ...urls,
  });
}

export async function startEdgeServers(runtime: Runtime, opts: EdgeOptions = {}): Promise<EdgeServers> {
  const logger = (context: string) => (opts.logger ? opts.logger.child({ context }) : contextLogger(context));
  // No admin port without a token (SDA2); the entry points check the same before connecting to anything.
  requireAdminTokens(runtime.config, { devDefaultAllowed: true });
  const serverOptions = edgeServerOptions(runtime.config);

  @Module({ imports: [RuntimeModule.forRoot(runtime), HealthModule, EdgeModule, ...(opts.serviceModules ?? [])] })
  class PublicHostModule {}

  @Module({ imports: [RuntimeModule.forRoot(runtime), AdminModule] })
  class AdminHostModule {}

  // Nest's lines (every `new Logger(…)` of the hosted modules) go to the process's logger too (nestLogger).
  const publicApp = await NestFactory.create<NestFastifyApplication>(PublicHostModule, adapter(logger('public-http'), serverOptions, { frameworkErrors: answerPublicFrameworkError }), { logger: nestLogger() });
  // The admin port's refusals of undecodable URLs are audited: by the audit of the app created with them.
  const admin: { audit?: AdminAudit } = {};
  const adminApp = await NestFactory.create<NestFastifyApplication>(AdminHostModule, adapter(logger('admin-http'), edgeServerOptions(runtime.config, 'admin'), { frameworkErrors: answerAdminFrameworkError(() => admin.audit), rewriteUrl: escapeUndecodablePath }), { logger: nestLogger() });
  admin.audit = adminApp.get(AdminAudit);
  // Recording segments arrive as raw MPEG-TS bytes (POST /admin/v1/devices/{devId}/segments). Fastify stops
  // reading above the limit (413, which the admin filter answers as ADMIN_VALIDATION_FAILED naming the limit).
  for (const [type, limit] of Object.entries(RAW_BODY_LIMITS)) {
    adminApp.getHttpAdapter().getInstance().addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: limit }, (_req, body, done) => done(null, body));
  }
  for (const app of [publicApp, adminApp]) {
    installJsonBodyParser(app);
    recordHttpMetrics(app.getHttpAdapter().getInstance(), runtime.metrics, app === adminApp ? 'admin' : 'public');
    // The overview's last hour of the public surface (this replica's), after the metrics read the envelope code.
    if (app === publicApp) recordPublicTraffic(app.getHttpAdapter().getInstance(), adminApp.get(PublicTrafficWindow));
    traceRequests(app.getHttpAdapter().getInstance());
    app.getHttpAdapter().getInstance().addHook('onSend', (req, reply, payload, done) => {
      reply.header('x-request-id', req.id);
      done(null, payload);
    });
  }
  // After the hooks above (a refusal is logged, traced and counted) and before the console and the admin
  // routes (their contexts inherit it): the Host check, then the count of wrong tokens per address (SDA3, SDA5).
  registerAdminHostCheck(adminApp.getHttpAdapter().getInstance(), runtime.config.adminAllowedHosts);
  await registerAdminAuthLimit(adminApp.getHttpAdapter().getInstance(), new AdminTokens(runtime.config.adminTokens), runtime.config.adminAuthLimits, runtime.metrics);
  registerGatewayRoutes(publicApp.getHttpAdapter().getInstance(), publicApp.get(GatewayDispatcher));
  // Playback (/hls/*), with CORS for browser players on other origins (the console on the admin port).
  await registerHlsRoutes(publicApp.getHttpAdapter().getInstance(), runtime);
  // Cameras' discovery and uploads (/camera/v1/*): raw MPEG-TS bodies, refusals a camera can act on.
  await registerCameraRoutes(publicApp.getHttpAdapter().getInstance(), { handlers: cameraForwarding(runtime.rpcClient), clock: runtime.clock });
  // Cameras' alarms and the message center's pictures (/push/v1/*): JPEG bodies, refusals a camera can act on.
  await registerPushRoutes(publicApp.getHttpAdapter().getInstance(), runtime);
  // The operator console's static files (apps/console, built to dist/console) beside the admin API.
  await registerConsole(adminApp.getHttpAdapter().getInstance(), { publicStoreUrl: runtime.config.publicStoreUrl, publicBaseUrl: runtime.config.publicBaseUrl });
  // After the other hooks: a refused request is still logged, traced and counted like any answer.
  await registerRateLimits(publicApp.getHttpAdapter().getInstance(), runtime.config.rateLimits);
  // On SIGTERM both listeners close and answer what they received before the bus and databases go (HS2).
  registerHttpShutdown(runtime.shutdown, publicApp, 'public API');
  registerHttpShutdown(runtime.shutdown, adminApp, 'admin API');
  // The hosted service modules (apps/platform) register their handlers in init; they are subscribed before the
  // first HTTP request can reach them (SDF3). The edge alone serves no subject: nothing to open then.
  await publicApp.init();
  await runtime.openIntake();
  // Loopback unless HOST / ADMIN_HOST say otherwise (the image: 0.0.0.0; SDA1).
  await publicApp.listen(opts.port ?? runtime.config.port, opts.host ?? runtime.config.host);
  await adminApp.listen(opts.adminPort ?? runtime.config.adminPort, opts.host ?? runtime.config.adminHost);
  const [publicBound, adminBound] = [boundAddress(publicApp), boundAddress(adminApp)];
  return {
    publicApp,
    adminApp,
    publicUrl: localUrl(publicBound),
    adminUrl: localUrl(adminBound),
    publicAddress: `${hostPart(publicBound.address)}:${publicBound.port}`,
    adminAddress: `${hostPart(adminBound.address)}:${adminBound.port}`,
    close: async () => {
      await adminApp.close();
      await publicApp.close();
    },
  };
}

function boundAddress(app: NestFastifyApplication): AddressInfo {
  return app.getHttpServer().address() as AddressInfo;
}

const hostPart = (address: string) => (address.includes(':') ? `[${address}]` : address);

/** The URL this machine reaches a server at: its own address, or 127.0.0.1 when it listens on every interface. */
function localUrl(bound: AddressInfo): string {
  const everywhere = bound.address === '0.0.0.0' || bound.address === '::';
  return `http://${everywhere ? '127.0.0.1' : hostPart(bound.address)}:${bound.port}`;
}
