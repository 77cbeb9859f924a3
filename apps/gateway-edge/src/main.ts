import 'reflect-metadata';
import { configureLogging, contextLogger, startTracing } from '@dcp/observability';
import { startEdgeServers } from '@dcp/edge';
import { ConfigError, createRuntime, exitOnSignals, loadConfig, requireAdminTokens } from '@dcp/runtime';

startTracing('gateway-edge');

async function main(): Promise<void> {
  const config = loadConfig();
  // Alone, the edge never runs on the development token: ADMIN_TOKEN or ADMIN_TOKENS, or exit 2 (SDA2).
  requireAdminTokens(config, { devDefaultAllowed: false });
  // Every line from here on is JSON (libs/observability logging), at LOG_LEVEL. The admin token is never logged.
  configureLogging({ service: 'gateway-edge', level: config.logLevel });
  const logger = contextLogger('gateway-edge');
  const runtime = await createRuntime(config);
  const edge = await startEdgeServers(runtime);
  // The runtime's ordered shutdown (HS2): listeners, bus intake, apps, then the NATS connection.
  exitOnSignals(runtime.shutdown, { timeoutMs: config.shutdownTimeoutMs, logger: { log: (m) => logger.info(m), error: (m) => logger.error(m) } });
  logger.info(
    { mode: config.mode, publicUrl: edge.publicUrl, adminUrl: edge.adminUrl, publicAddress: edge.publicAddress, adminAddress: edge.adminAddress },
    `gateway-edge up: public on ${edge.publicAddress}, admin on ${edge.adminAddress}`,
  );
}

main().catch((err) => {
  const logger = contextLogger('gateway-edge');
  if (err instanceof ConfigError) logger.fatal(err.message);
  else logger.fatal({ err }, 'the gateway edge could not start');
  process.exit(err instanceof ConfigError ? 2 : 1);
});
