import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { ConfigError, loadConfig } from '@dcp/runtime';
import { startPlatform } from './platform';

async function main(): Promise<void> {
  const logger = new Logger('platform');
  const config = loadConfig();
  const started = Date.now();
  const platform = await startPlatform(config);
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.log(`${signal}: shutting down`);
    await platform.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  const where = config.mode === 'embedded' ? `embedded: data in ${config.dataDir}` : 'distributed: PostgreSQL + NATS';
  process.stdout.write(
    [
      '',
      `Device Cloud Platform is up (${where}) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      `  public API  ${platform.edge.publicUrl}   (/sso/*, /gateway, /stream, /health/ready, /metrics)`,
      `  API docs    ${platform.edge.publicUrl}/docs   (OpenAPI: ${platform.edge.publicUrl}/openapi.json)`,
      `  admin API   ${platform.edge.adminUrl}/admin/v1   (OpenAPI: ${platform.edge.adminUrl}/admin/v1/openapi.json)`,
      `  admin token ${config.adminToken}`,
      '',
    ].join('\n') + '\n',
  );
}

main().catch((err) => {
  new Logger('platform').error(err instanceof ConfigError ? err.message : err instanceof Error ? err.stack : String(err));
  process.exit(err instanceof ConfigError ? 2 : 1);
});
