/**
 * Starts the edge's two HTTP servers over one RuntimeContext: the public surface on PORT and the admin
 * API on ADMIN_PORT. apps/gateway-edge runs it alone; apps/platform adds every service module to the
 * public app so the whole platform is one process.
 */
import { type DynamicModule, Module, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { LogController } from 'fastify';
import { HealthModule, RuntimeModule, type Runtime } from '@dcp/runtime';
import { AdminModule } from './admin/admin.module';
import { EdgeModule } from './edge.module';
import { JSON_BODY_LIMIT, RAW_BODY_LIMITS } from './http/body-limits';
import { requestId } from './http/request-id';

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
  logLevel?: string;
}

function adapter(logLevel: string): FastifyAdapter {
  return new FastifyAdapter({
    logger: logLevel === 'silent' ? false : { level: logLevel },
    genReqId: requestId,
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: true,
  });
}

export async function startEdgeServers(runtime: Runtime, opts: EdgeOptions = {}): Promise<EdgeServers> {
  const logLevel = opts.logLevel ?? process.env.LOG_LEVEL ?? 'info';
  const host = opts.host ?? '0.0.0.0';

  @Module({ imports: [RuntimeModule.forRoot(runtime), HealthModule, EdgeModule, ...(opts.serviceModules ?? [])] })
  class PublicHostModule {}

  @Module({ imports: [RuntimeModule.forRoot(runtime), AdminModule] })
  class AdminHostModule {}

  const nestLogger = logLevel === 'silent' ? false : undefined;
  const publicApp = await NestFactory.create<NestFastifyApplication>(PublicHostModule, adapter(logLevel), { logger: nestLogger });
  const adminApp = await NestFactory.create<NestFastifyApplication>(AdminHostModule, adapter(logLevel), { logger: nestLogger });
  // Recording segments arrive as raw MPEG-TS bytes (POST /admin/v1/devices/{devId}/segments). Fastify stops
  // reading above the limit (413, which the admin filter answers as ADMIN_VALIDATION_FAILED naming the limit).
  for (const [type, limit] of Object.entries(RAW_BODY_LIMITS)) {
    adminApp.getHttpAdapter().getInstance().addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: limit }, (_req, body, done) => done(null, body));
  }
  for (const app of [publicApp, adminApp]) {
    app.getHttpAdapter().getInstance().addHook('onSend', async (req, reply) => {
      reply.header('x-request-id', req.id);
    });
  }
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
