/**
 * Starts the edge's two HTTP servers over one RuntimeContext: the public surface on PORT and the admin
 * API on ADMIN_PORT. apps/gateway-edge runs it alone; apps/platform adds every service module to the
 * public app so the whole platform is one process.
 */
import { type DynamicModule, Module, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { type Logger, contextLogger, fastifyLogging, nestLogger } from '@dcp/observability';
import { HealthModule, RuntimeModule, type Runtime, registerHttpShutdown } from '@dcp/runtime';
import { AdminModule } from './admin/admin.module';
import { registerConsole } from './console/console-assets';
import { EdgeModule } from './edge.module';
import { GatewayDispatcher } from './gateway/gateway-dispatcher';
import { registerGatewayRoutes } from './gateway/gateway-routes';
import { registerHlsRoutes } from './hls/hls-routes';
import { installJsonBodyParser } from './http/json-body';
import { registerRateLimits } from './http/rate-limits';
import { type EdgeServerOptions, edgeServerOptions } from './http/server-options';
import { JSON_BODY_LIMIT, RAW_BODY_LIMITS } from './http/body-limits';
import { recordHttpMetrics } from './http/http-metrics';
import { requestId } from './http/request-id';
import { traceRequests } from './http/trace-requests';

export interface EdgeServers {
  publicApp: NestFastifyApplication;
  adminApp: NestFastifyApplication;
  publicUrl: string;
  adminUrl: string;
  close(): Promise<void>;
}

export interface EdgeOptions {
  /** Service modules hosted in the same process (apps/platform). */
  serviceModules?: (Type<unknown> | DynamicModule)[];
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

function adapter(logger: Logger, serverOptions: EdgeServerOptions): FastifyAdapter {
  return new FastifyAdapter({
    ...fastifyLogging(logger),
    genReqId: requestId,
    bodyLimit: JSON_BODY_LIMIT,
    ...serverOptions,
  });
}

export async function startEdgeServers(runtime: Runtime, opts: EdgeOptions = {}): Promise<EdgeServers> {
  const logger = (context: string) => (opts.logger ? opts.logger.child({ context }) : contextLogger(context));
  const host = opts.host ?? '0.0.0.0';
  const serverOptions = edgeServerOptions(runtime.config);

  @Module({ imports: [RuntimeModule.forRoot(runtime), HealthModule, EdgeModule, ...(opts.serviceModules ?? [])] })
  class PublicHostModule {}

  @Module({ imports: [RuntimeModule.forRoot(runtime), AdminModule] })
  class AdminHostModule {}

  // Nest's lines (every `new Logger(…)` of the hosted modules) go to the process's logger too (nestLogger).
  const publicApp = await NestFactory.create<NestFastifyApplication>(PublicHostModule, adapter(logger('public-http'), serverOptions), { logger: nestLogger() });
  const adminApp = await NestFactory.create<NestFastifyApplication>(AdminHostModule, adapter(logger('admin-http'), serverOptions), { logger: nestLogger() });
  // Recording segments arrive as raw MPEG-TS bytes (POST /admin/v1/devices/{devId}/segments). Fastify stops
  // reading above the limit (413, which the admin filter answers as ADMIN_VALIDATION_FAILED naming the limit).
  for (const [type, limit] of Object.entries(RAW_BODY_LIMITS)) {
    adminApp.getHttpAdapter().getInstance().addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: limit }, (_req, body, done) => done(null, body));
  }
  for (const app of [publicApp, adminApp]) {
    installJsonBodyParser(app);
    recordHttpMetrics(app.getHttpAdapter().getInstance(), runtime.metrics, app === adminApp ? 'admin' : 'public');
    traceRequests(app.getHttpAdapter().getInstance());
    app.getHttpAdapter().getInstance().addHook('onSend', (req, reply, payload, done) => {
      reply.header('x-request-id', req.id);
      done(null, payload);
    });
  }
  registerGatewayRoutes(publicApp.getHttpAdapter().getInstance(), publicApp.get(GatewayDispatcher));
  // Playback (/hls/*), with CORS for browser players on other origins (the console on the admin port).
  await registerHlsRoutes(publicApp.getHttpAdapter().getInstance(), runtime);
  // The operator console's static files (apps/console, built to dist/console) beside the admin API.
  await registerConsole(adminApp.getHttpAdapter().getInstance(), { publicStoreUrl: runtime.config.publicStoreUrl });
  // After the other hooks: a refused request is still logged, traced and counted like any answer.
  await registerRateLimits(publicApp.getHttpAdapter().getInstance(), runtime.config.rateLimits);
  // On SIGTERM both listeners close and answer what they received before the bus and databases go (HS2).
  registerHttpShutdown(runtime.shutdown, publicApp, 'public API');
  registerHttpShutdown(runtime.shutdown, adminApp, 'admin API');
  await publicApp.listen(opts.port ?? runtime.config.port, host);
  await adminApp.listen(opts.adminPort ?? runtime.config.adminPort, host);
  const urlOf = (app: NestFastifyApplication) => {
    const addr = app.getHttpServer().address();
    const port = typeof addr === 'object' && addr ? addr.port : 0;
    return `http://localhost:${port}`;
  };
  return {
    publicApp,
    adminApp,
    publicUrl: urlOf(publicApp),
    adminUrl: urlOf(adminApp),
    close: async () => {
      await adminApp.close();
      await publicApp.close();
    },
  };
}
