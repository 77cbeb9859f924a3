import 'reflect-metadata';
import { configureLogging, contextLogger, startTracing, writeBanner } from '@dcp/observability';
import { ConfigError, exitOnSignals, loadConfig, requireAdminTokens } from '@dcp/runtime';
import { startupBanner } from './banner';
import { startPlatform } from './platform';

startTracing('platform');

async function main(): Promise<void> {
  const config = loadConfig();
  // The development token only embedded with the admin port on loopback; otherwise a token, or exit 2 (SDA2).
  requireAdminTokens(config, { devDefaultAllowed: true });
  // Every line from here on is JSON (libs/observability logging), at LOG_LEVEL.
  configureLogging({ service: 'platform', level: config.logLevel });
  const logger = contextLogger('platform');
  const platform = await startPlatform(config);
  // The runtime's ordered shutdown (HS2): listeners, bus intake, outboxes, apps, databases, then the bus.
  exitOnSignals(platform.runtime.shutdown, { timeoutMs: config.shutdownTimeoutMs, logger: { log: (m) => logger.info(m), error: (m) => logger.error(m) } });
  const { publicUrl, adminUrl, publicAddress, adminAddress } = platform.edge;
  // What the newcomer waits for: the process's launch to /health/ready answering 200 (asked, not assumed).
  await untilReady(publicUrl);
  const seconds = Number(process.uptime().toFixed(1));
  // The admin token is never logged (LG6).
  logger.info({ mode: config.mode, publicUrl, adminUrl, publicAddress, adminAddress, startupSeconds: seconds }, `Device Cloud Platform is ready (${config.mode}) ${seconds} s after launch`);
  // Development: the newcomer's banner, plain text after the JSON lines; production: JSON only (LG6).
  const banner = startupBanner(config, { publicUrl, adminUrl, publicAddress, adminAddress, seconds });
  if (banner) writeBanner(banner);
}

/** Resolves once the platform's own /health/ready answers 200 (it does once startPlatform returned; this proves it). */
async function untilReady(publicUrl: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const ok = await fetch(new URL('/health/ready', publicUrl)).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

main().catch((err) => {
  // Before configureLogging (a bad setting): the logger at LOG_LEVEL, or info when LOG_LEVEL itself is the bad one.
  const logger = contextLogger('platform');
  if (err instanceof ConfigError) logger.fatal(err.message);
  else logger.fatal({ err }, 'the platform could not start');
  process.exit(err instanceof ConfigError ? 2 : 1);
});
