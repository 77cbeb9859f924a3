/**
 * Runs the reference merchant alone: `node dist/apps/merchant-sandbox/src/main.js` (the merchant itself is
 * libs/merchant-sandbox, which the demo, the benchmark and specs start in-process).
 * Environment: SANDBOX_PORT (4000), SANDBOX_HOST (127.0.0.1), SANDBOX_CLIENT_SECRET, SANDBOX_CLIENT_ID,
 * SANDBOX_REQUIRE_SIGNATURE (true/false), LOG_LEVEL (info; silent for none), NODE_ENV (production: no banner).
 * Logs are JSON lines (libs/observability), `service: "merchant-sandbox"`.
 */
import { InvalidLogLevelError, configureLogging, contextLogger, parseLogLevel, rootLogger, writeBanner } from '@dcp/observability';
import { startMerchantSandbox } from '@dcp/merchant-sandbox';

function fail(message: string): never {
  contextLogger('merchant-sandbox').fatal(message);
  process.exit(2);
}

async function main(): Promise<void> {
  const env = process.env;
  let level;
  try {
    level = parseLogLevel(env.LOG_LEVEL);
  } catch (err) {
    if (err instanceof InvalidLogLevelError) fail(err.message);
    throw err;
  }
  configureLogging({ service: 'merchant-sandbox', level });
  const port = Number(env.SANDBOX_PORT ?? 4000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`SANDBOX_PORT must be a port number, got ${env.SANDBOX_PORT}`);
  const requireSignature = (env.SANDBOX_REQUIRE_SIGNATURE ?? 'false').toLowerCase();
  if (requireSignature !== 'true' && requireSignature !== 'false') fail('SANDBOX_REQUIRE_SIGNATURE must be true or false');
  const clientSecret = env.SANDBOX_CLIENT_SECRET || undefined;
  if (requireSignature === 'true' && !clientSecret) fail('SANDBOX_REQUIRE_SIGNATURE=true needs SANDBOX_CLIENT_SECRET');

  const sandbox = await startMerchantSandbox({
    port,
    // Loopback unless told (SDA1); the image and compose set SANDBOX_HOST=0.0.0.0.
    host: env.SANDBOX_HOST || '127.0.0.1',
    clientSecret,
    clientId: env.SANDBOX_CLIENT_ID || undefined,
    requireSignature: requireSignature === 'true',
    logger: rootLogger(),
  });
  const signatures = !clientSecret ? 'not checked (SANDBOX_CLIENT_SECRET unset)' : requireSignature === 'true' ? 'required' : 'checked when present';
  contextLogger('merchant-sandbox').info({ url: sandbox.url, signatures }, `merchant sandbox listening on ${sandbox.url}`);
  // Outside production, the developer's banner too, as plain text (docs/decisions.md LG6).
  if (env.NODE_ENV !== 'production') {
    writeBanner(
      `merchant sandbox listening on ${sandbox.url}\n` +
        `  token validation: ${sandbox.url}/idp/is_valid_token\n` +
        `  user profile:     ${sandbox.url}/idp/get_user_profile\n` +
        `  management API:   ${sandbox.url}/sandbox/users\n` +
        `  platform signatures: ${signatures}\n`,
    );
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      sandbox.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
}

main().catch((err: unknown) => {
  contextLogger('merchant-sandbox').fatal({ err }, 'the merchant sandbox could not start');
  process.exit(1);
});
