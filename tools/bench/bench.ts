/**
 * `npm run bench [scenario…]`: figures, never assertions (machines here are shared and noisy).
 * Each scenario runs side by side with a baseline in the same process and prints the ratio.
 *
 *   gateway  — /gateway?service=cloud_system.current_time through the full edge (catalogue lookup,
 *              validation, envelope) vs a bare Fastify route answering the same JSON.
 *   auth     — an authenticated gateway call (token verified by sso-service once, then from the edge's
 *              cache) that device-service answers from its database (getOemDeviceByUser), vs the
 *              unauthenticated server-time call the edge answers itself: the cost of a real round trip
 *              edge → bus → service → database per request.
 *   startup  — the built platform as `npm start` runs it, in a child process: cold start (fresh DATA_DIR)
 *              and warm start times, the process's RSS at ready and after a short load; then the boot
 *              time of an embedded test platform in this process (./startup.ts).
 *
 * Options: BENCH_SECONDS (default 5), BENCH_CONNECTIONS (default 20); startup: see ./startup.ts.
 */
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allServiceDatabases } from '@dcp/database';
import { configureLogging, parseLogLevel } from '@dcp/observability';
import { loadConfig } from '@dcp/runtime';
import { signedHeaders } from '@dcp/signing';
import { startPlatform } from '../../apps/platform/src/platform';
import { startMerchantSandbox } from '@dcp/merchant-sandbox';
import { runStartupBench, runTestPlatformBench } from './startup';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);

interface Figure {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(name: string, url: string): Promise<Figure> {
  const r = await autocannon({ url, connections, duration: seconds });
  return { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

function print(title: string, a: Figure, b: Figure): void {
  process.stdout.write(`\n${title}\n`);
  for (const f of [a, b]) {
    process.stdout.write(`  ${f.name.padEnd(44)} ${f.rps.toFixed(0).padStart(7)} req/s   p50 ${f.p50} ms   p99 ${f.p99} ms   errors ${f.errors}\n`);
  }
  process.stdout.write(`  ratio: ${(a.rps / b.rps).toFixed(2)} × the throughput of the baseline\n`);
}

async function main(): Promise<void> {
  // The bench prints figures: the platform under measurement logs only what went wrong, unless LOG_LEVEL says otherwise.
  configureLogging({ service: 'bench', level: process.env.LOG_LEVEL ? parseLogLevel(process.env.LOG_LEVEL) : 'warn' });
  const scenarios = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  const want = (s: string) => scenarios.length === 0 || scenarios.includes(s);
  // First and alone: the child process must not share the CPU with an in-process platform under load.
  if (want('startup')) {
    await runStartupBench();
    await runTestPlatformBench();
  }
  if (!want('gateway') && !want('auth')) return;
  const dataDir = mkdtempSync(join(tmpdir(), 'dcp-bench-'));
  // Rate limits off: every request comes from one loopback address, and a refusal (RL0429) is an HTTP 200.
  const config = loadConfig({ DATA_DIR: dataDir, ADMIN_TOKEN: 'bench', RATE_LIMIT_PER_ADDRESS: '0', RATE_LIMIT_PER_CLIENT: '0' } as NodeJS.ProcessEnv);
  const database = { kind: 'pglite' as const, dataDir: 'memory://bench', services: allServiceDatabases() };
  const platform = await startPlatform(config, { port: 0, adminPort: 0, host: '127.0.0.1', overrides: { database: () => database } });
  const base = platform.edge.publicUrl;
  const timeUrl = `${base}/gateway?service=cloud_system.current_time`;
  process.stdout.write(`bench: ${seconds} s per run, ${connections} connections, Node ${process.version}, embedded platform\n`);
  try {
    if (want('gateway')) {
      const bare = Fastify();
      bare.get('/gateway', async () => ({ errorCode: '', failureDetails: '', data: Date.now() }));
      await bare.listen({ port: 0, host: '127.0.0.1' });
      const addr = bare.server.address();
      const bareUrl = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}/gateway?service=cloud_system.current_time`;
      await load('warm-up', timeUrl);
      print('gateway: full edge vs bare Fastify', await load('edge cloud_system.current_time', timeUrl), await load('bare Fastify, same JSON', bareUrl));
      await bare.close();
    }
    if (want('auth')) {
      const sandbox = await startMerchantSandbox({ port: 0, host: '127.0.0.1' });
      const admin = { authorization: 'Bearer bench', 'content-type': 'application/json' };
      const merchant = (await (
        await fetch(`${platform.edge.adminUrl}/admin/v1/merchants`, {
          method: 'POST',
          headers: admin,
          body: JSON.stringify({ name: 'bench', tokenValidationUrl: `${sandbox.url}/idp/is_valid_token`, userProfileUrl: `${sandbox.url}/idp/get_user_profile` }),
        })
      ).json()) as { clientId: string; clientSecret: string };
      const user = (await (await fetch(`${sandbox.url}/sandbox/users`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'b@example.com', name: 'B' }) })).json()) as { uuid: string };
      const token = (await (await fetch(`${sandbox.url}/sandbox/users/${user.uuid}/tokens`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).json()) as { token: string };
      const params = { token: token.token };
      const login = (await (
        await fetch(`${base}/sso/authorize_by_token`, {
          method: 'POST',
          headers: { ...signedHeaders({ method: 'POST', path: '/sso/authorize_by_token', params, clientId: merchant.clientId, clientSecret: merchant.clientSecret }), 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(params),
        })
      ).json()) as { openId: string; accessToken: string };
      const authUrl = `${base}/gateway?${new URLSearchParams({ service: 'user_ipc_setting_v2_0.getOemDeviceByUser', clientId: merchant.clientId, openId: login.openId, accessToken: login.accessToken })}`;
      await load('warm-up', authUrl);
      print('auth: authenticated gateway call vs unauthenticated', await load('getOemDeviceByUser (auth, routed to owner)', authUrl), await load('cloud_system.current_time (no auth)', timeUrl));
      await sandbox.close();
    }
    const mem = process.memoryUsage();
    process.stdout.write(`\nmemory after the runs: rss ${(mem.rss / 2 ** 20).toFixed(0)} MiB, heap used ${(mem.heapUsed / 2 ** 20).toFixed(0)} MiB (all services + one PGlite instance in one process)\n`);
  } finally {
    await platform.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
