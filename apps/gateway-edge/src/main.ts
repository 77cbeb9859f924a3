import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { startEdgeServers } from '@dcp/edge';
import { ConfigError, createRuntime, loadConfig } from '@dcp/runtime';

async function main(): Promise<void> {
  const config = loadConfig();
  const runtime = await createRuntime(config);
  const edge = await startEdgeServers(runtime);
  const shutdown = async () => {
    await edge.close();
    await runtime.close();
    process.exit(0);
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
  new Logger('gateway-edge').log(`public ${edge.publicUrl}, admin ${edge.adminUrl}`);
}

main().catch((err) => {
  new Logger('gateway-edge').error(err instanceof ConfigError ? err.message : err);
  process.exit(err instanceof ConfigError ? 2 : 1);
});
