/**
 * Boots one service module as its own process (distributed mode): the service talks over the bus only;
 * its HTTP port (HEALTH_PORT) serves /health/live, /health/ready and /metrics for Kubernetes.
 */
import 'reflect-metadata';
import { Module, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { configureLogging, contextLogger, fastifyLogging, nestLogger, rootLogger } from '@dcp/observability';
import { ConfigError, loadConfig } from '../config/config';
import { createRuntime } from './create-runtime';
import { HealthModule } from '../health/health.module';
import { openIntakeWhenReady } from './intake/open-intake-when-ready';
import { RuntimeModule } from './runtime.module';
import { exitOnSignals } from '../health/shutdown/exit-on-signals';
import { registerHttpShutdown } from '../health/shutdown/http-shutdown';

export async function bootstrapService(name: string, serviceModule: Type<unknown>): Promise<NestFastifyApplication> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      rootLogger().child({ service: name, context: name }).fatal(err.message);
      process.exit(2);
    }
    throw err;
  }
  // Every line of this process from here on: JSON, `service` = the service's name, at LOG_LEVEL.
  configureLogging({ service: name, level: config.logLevel });
  const logger = contextLogger(name);
  const runtime = await createRuntime(config, {}, name);

  @Module({ imports: [RuntimeModule.forRoot(runtime), HealthModule, serviceModule] })
  class ServiceHostModule {}

  let app: NestFastifyApplication;
  try {
    // abortOnError off: a module that refuses to start (a ConfigError such as storage's unshared store,
    // docs/decisions.md OS1) reaches the catch below instead of Nest's own exit with code 1.
    app = await NestFactory.create<NestFastifyApplication>(ServiceHostModule, new FastifyAdapter(fastifyLogging(contextLogger('health-http'))), {
      logger: nestLogger(),
      bufferLogs: false,
      abortOnError: false,
    });
    await app.init();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    logger.fatal(err.message);
    await runtime.close().catch(() => undefined);
    process.exit(2);
  }
  // SIGTERM runs the runtime's ordered shutdown (HS2), not Nest's hooks, which would close the database
  // before the bus stops delivering requests.
  registerHttpShutdown(runtime.shutdown, app, name);
  exitOnSignals(runtime.shutdown, { timeoutMs: config.shutdownTimeoutMs, logger: { log: (m) => logger.info(m), error: (m) => logger.error(m) } });
  // The probes answer while start-up waits below: live 200, ready 503 naming what is missing (HS1).
  // HOST: loopback unless set; the image sets 0.0.0.0 so the kubelet's probes reach the pod IP (SDA1).
  await app.listen(config.healthPort, config.host);
  logger.info({ mode: config.mode, host: config.host, healthPort: config.healthPort }, `${name} up (${config.mode}); health on ${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.healthPort}`);
  // The last step, the same for every service (SDF2): request subjects are subscribed only once the databases
  // and the event stream answer; the modules' init above started the consumers and registered the handlers.
  await openIntakeWhenReady({ health: runtime.health, openIntake: () => runtime.openIntake(), stopping: () => runtime.shutdown.stopping, logger: { info: (m) => logger.info(m), warn: (m) => logger.warn(m) } });
  return app;
}
