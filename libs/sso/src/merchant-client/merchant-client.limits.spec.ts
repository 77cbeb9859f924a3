import { createServer, type ServerResponse, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErrorCode, PlatformError } from '@dcp/contracts';
import { type MerchantCallLimits, systemClock } from '@dcp/runtime';
import type { SsoMetrics } from '../common/sso-metrics';
import { makeMerchant } from '../test/factories';
import { merchantSecrets } from '../test/fakes';
import { MerchantClient } from './merchant-client';

/**
 * The merchant client with MERCHANT_TIMEOUT_MS, the per-merchant breaker and the concurrency cap (decisions
 * AB5, AB6), against a local merchant server: /ok answers a user, /broken HTTP 500, /hang holds the request
 * until the spec releases it.
 */
let server: Server;
let base: string;
const held: ServerResponse[] = [];
const hits: Record<string, number> = {};

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    hits[path] = (hits[path] ?? 0) + 1;
    if (path === '/ok') res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ errorCode: '', user: { uuid: 'u-1' } }));
    else if (path === '/broken') res.writeHead(500).end();
    else held.push(res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const limits: MerchantCallLimits = { timeoutMs: 300, maxConcurrent: 2, breakerFailures: 3, breakerResetMs: 60_000 };
const clients: MerchantClient[] = [];
afterEach(() => {
  held.splice(0).forEach((res) => res.destroy());
  clients.splice(0).forEach((c) => c.onModuleDestroy());
});

function merchantClient(overrides: Partial<MerchantCallLimits> = {}): MerchantClient {
  const config = { merchantAllowPrivateNetworks: true, merchantCalls: { ...limits, ...overrides } };
  // Metrics are not what these specs are about: every recording method is accepted and ignored.
  const metrics = new Proxy({}, { get: () => () => undefined }) as SsoMetrics;
  const client = new MerchantClient(config, secrets, metrics, systemClock);
  clients.push(client);
  return client;
}

/** Until the merchant server holds `count` requests (bounded: at most 10 s of polling). */
async function heldRequests(count: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (held.length < count) {
    if (Date.now() > deadline) throw new Error(`the merchant server holds ${held.length} of ${count} requests`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Secrets of the merchants below: each merchant's secret stored encrypted, as sso-service keeps it. */
const secrets = merchantSecrets();
const merchant = (clientId: string, path: string) => makeMerchant({ clientId, tokenValidationUrl: `${base}${path}`, userProfileUrl: `${base}${path}` }, { secrets, secret: 'merchant-secret' });

async function refusal(call: Promise<unknown>): Promise<{ code: ErrorCode; details: string }> {
  try {
    await call;
  } catch (err) {
    expect(err).toBeInstanceOf(PlatformError);
    return { code: (err as PlatformError).code, details: (err as PlatformError).failureDetails };
  }
  throw new Error('expected the call to fail');
}

describe('MerchantClient limits (decisions AB5, AB6)', () => {
  it('answers OP0052 when the merchant hangs longer than MERCHANT_TIMEOUT_MS', async () => {
    const answer = await refusal(merchantClient().validateToken(merchant('m-hang', '/hang'), 't'));
    expect(answer.code).toBe(ErrorCode.SSO_MERCHANT_UNAVAILABLE);
    expect(answer.details).toMatch(/^merchant endpoint is_valid_token unavailable: no answer from 127\.0\.0\.1:\d+ within 300 ms$/);
  });

  it('stops calling a failing merchant (OP0052 at once) while another merchant’s logins succeed', async () => {
    const client = merchantClient();
    const broken = merchant('m-broken', '/broken');
    for (let i = 0; i < 3; i++) expect((await refusal(client.validateToken(broken, 't'))).details).toMatch(/HTTP 500/);
    const before = hits['/broken'];
    const paused = await refusal(client.validateToken(broken, 't'));
    expect(paused).toEqual({ code: ErrorCode.SSO_MERCHANT_UNAVAILABLE, details: 'merchant endpoint is_valid_token unavailable: calls paused after 3 failures in a row, tried again after 60000 ms' });
    expect(hits['/broken']).toBe(before);
    await expect(client.validateToken(merchant('m-fine', '/ok'), 't')).resolves.toMatchObject({ kind: 'user', user: { uuid: 'u-1' } });
    // What operators see of both (the merchant list, the overview): this replica's last hour and the breaker.
    expect(client.callHealth('m-broken')).toMatchObject({ status: 'broken', breaker: 'open', calls: 4, failures: 4, lastFailure: expect.stringContaining('is_valid_token: calls paused') });
    expect(client.callHealth('m-fine')).toMatchObject({ status: 'healthy', breaker: 'closed', calls: 1, failures: 0 });
    expect(client.recentlyCalled().sort()).toEqual(['m-broken', 'm-fine']);
  });

  it('refuses a merchant’s calls beyond MERCHANT_MAX_CONCURRENT at once with OP0052, other merchants unaffected', async () => {
    const client = merchantClient({ timeoutMs: 4000 });
    const slow = merchant('m-slow', '/hang');
    const inFlight = [client.validateToken(slow, 'a'), client.getUserProfile(slow, 'u')];
    const settled = Promise.allSettled(inFlight);
    const refused = await refusal(client.validateToken(slow, 'c'));
    expect(refused).toEqual({ code: ErrorCode.SSO_MERCHANT_UNAVAILABLE, details: 'merchant endpoint is_valid_token unavailable: more than 2 calls to this merchant in progress' });
    await expect(client.validateToken(merchant('m-fine', '/ok'), 't')).resolves.toMatchObject({ kind: 'user' });
    await heldRequests(2);
    held.splice(0).forEach((res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ errorCode: '', user: { uuid: 'u-2' } })));
    expect((await settled).map((s) => s.status)).toEqual(['fulfilled', 'fulfilled']);
  });
});
