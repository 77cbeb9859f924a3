/**
 * Boots one service module as its own process (distributed mode): the service talks over the bus only;
 * its HTTP port (HEALTH_PORT) serves /health/live, /health/ready and /metrics for Kubernetes.
 */
import 'reflect-metadata';
import { Logger, Module, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { ConfigError, loadConfig } from './config';
import { createRuntime } from './create-runtime';
import { HealthModule } from './health.module';
import { RuntimeModule } from './runtime.module';

export async function bootstrapService(name: string, serviceModule: Type<unknown>): Promise<NestFastifyApplication> {
  const logger = new Logger(name);
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      logger.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  const runtime = await createRuntime(config, {}, name);

  @Module({ imports: [RuntimeModule.forRoot(runtime), HealthModule, serviceModule] })
  class ServiceHostModule {}

  const app = await NestFactory.create<NestFastifyApplication>(ServiceHostModule, new FastifyAdapter(), { bufferLogs: false });
  app.enableShutdownHooks();
  app.getHttpAdapter().getInstance().addHook('onClose', async () => runtime.close());
  await app.listen(config.healthPort, '0.0.0.0');
  logger.log(`${name} up (${config.mode}); health on :${config.healthPort}`);
  return app;
}
