/**
 * Runs the reference merchant alone: `node dist/apps/merchant-sandbox/src/main.js` (the merchant itself is
 * libs/merchant-sandbox, which the demo, the benchmark and specs start in-process).
 * Environment: SANDBOX_PORT (4000), SANDBOX_HOST (0.0.0.0), SANDBOX_CLIENT_SECRET, SANDBOX_CLIENT_ID,
 * SANDBOX_REQUIRE_SIGNATURE (true/false), LOG_LEVEL (info; silent for none).
 */
import type { LogLevel } from '@nestjs/common';
import { startMerchantSandbox } from '@dcp/merchant-sandbox';

const LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'];

function logLevels(level: string): LogLevel[] | false {
  if (level === 'silent') return false;
  const wanted = { fatal: 'fatal', error: 'error', warn: 'warn', info: 'log', debug: 'debug', trace: 'verbose' }[level] ?? 'log';
  return LEVELS.slice(0, LEVELS.indexOf(wanted as LogLevel) + 1);
}

function fail(message: string): never {
  process.stderr.write(`merchant sandbox: ${message}\n`);
  process.exit(2);
}

async function main(): Promise<void> {
  const env = process.env;
  const port = Number(env.SANDBOX_PORT ?? 4000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`SANDBOX_PORT must be a port number, got ${env.SANDBOX_PORT}`);
  const requireSignature = (env.SANDBOX_REQUIRE_SIGNATURE ?? 'false').toLowerCase();
  if (requireSignature !== 'true' && requireSignature !== 'false') fail('SANDBOX_REQUIRE_SIGNATURE must be true or false');
  const clientSecret = env.SANDBOX_CLIENT_SECRET || undefined;
  if (requireSignature === 'true' && !clientSecret) fail('SANDBOX_REQUIRE_SIGNATURE=true needs SANDBOX_CLIENT_SECRET');

  const sandbox = await startMerchantSandbox({
    port,
    host: env.SANDBOX_HOST || '0.0.0.0',
    clientSecret,
    clientId: env.SANDBOX_CLIENT_ID || undefined,
    requireSignature: requireSignature === 'true',
    logger: logLevels((env.LOG_LEVEL ?? 'info').toLowerCase()),
  });
  const signatures = !clientSecret ? 'not checked (SANDBOX_CLIENT_SECRET unset)' : requireSignature === 'true' ? 'required' : 'checked when present';
  process.stdout.write(
    `merchant sandbox listening on ${sandbox.url}\n` +
      `  token validation: ${sandbox.url}/idp/is_valid_token\n` +
      `  user profile:     ${sandbox.url}/idp/get_user_profile\n` +
      `  management API:   ${sandbox.url}/sandbox/users\n` +
      `  platform signatures: ${signatures}\n`,
  );
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      sandbox.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
}

main().catch((err: unknown) => fail(err instanceof Error ? err.message : String(err)));
