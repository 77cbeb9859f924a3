/**
 * Abuse limits at the edge (decisions AB1–AB5, AB8, SDE1, SDE2): per-address and per-clientId rate limits
 * answered in each surface's envelope with Retry-After, a merchant's budget spent only by its verified calls,
 * trusted proxies (none by default), the merchant time limit below the RPC time limit, and request time
 * limits closing a socket that trickles its body.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { signedHeaders } from '@dcp/signing';
import { type HttpResult, getQuery, postForm } from '@dcp/testing';
import { type TestPlatform, startTestPlatform } from './harness';
import { MerchantApp, admin } from './merchant-app';

type Body = Record<string, unknown>;

const time = (from: string, headers: Record<string, string> = {}) =>
  getQuery<Body>(t.baseUrl, '/gateway', { service: 'cloud_system.current_time' }, { 'x-forwarded-for': from, ...headers });
const login = (from: string, clientId: string) => postForm<Body>(t.baseUrl, '/sso/authorize_by_token', { token: 'tok' }, { 'x-client-id': clientId, 'x-forwarded-for': from });

/** A new user of merchant `m` signed in by its app with a genuine signature (or one made with `secret`), through the proxy as `from`. */
function signedLogin(m: MerchantApp, from: string, secret = m.clientSecret): Promise<HttpResult<Body>> {
  const user = m.site.store.create({ username: `user.${Math.random()}@example.com`, name: 'User' });
  const params = { token: m.site.store.issueToken(user.uuid)! };
  const headers = signedHeaders({ method: 'POST', path: '/sso/authorize_by_token', params, clientId: m.clientId, clientSecret: secret, now: t.clock.now() });
  return postForm<Body>(t.baseUrl, '/sso/authorize_by_token', params, { ...headers, 'x-forwarded-for': from });
}

/** The gateway credentials a signed-in user's app holds. */
const credentials = (m: MerchantApp, res: HttpResult<Body>) => ({ clientId: m.clientId, openId: String(res.body.openId), accessToken: String(res.body.accessToken) });
const listDevices = (who: Record<string, string>, from: string) =>
  getQuery<Body>(t.baseUrl, '/gateway', { service: 'user_ipc_setting_v2_0.getOemDeviceByUser', ...who }, { 'x-forwarded-for': from });
/** A form POST naming the clientId in its body: deleting a device the user does not have (020041 once authenticated). */
const deleteDeviceByForm = (who: Record<string, string>, from: string) =>
  postForm<Body>(t.baseUrl, '/gateway?service=user_ipc_setting_v2_0.delOemDeviceByMac', { ...who, macAddr: '00:11:22:33:44:55' }, { 'x-forwarded-for': from });

/** The answers of `count` requests, sent one after another. */
async function repeat(count: number, send: () => Promise<HttpResult<Body>>): Promise<HttpResult<Body>[]> {
  const answers: HttpResult<Body>[] = [];
  for (let i = 0; i < count; i++) answers.push(await send());
  return answers;
}

const retryAfter = (res: HttpResult<Body>) => Number(res.headers.get('retry-after'));

let t: TestPlatform;

describe('rate limits (AB1–AB3, SDE1)', () => {
  const merchants: MerchantApp[] = [];
  const merchant = async () => {
    const m = await MerchantApp.register(t, `Merchant ${merchants.length}`);
    merchants.push(m);
    return m;
  };

  beforeAll(async () => {
    // The spec's requests come through a proxy on loopback, each client named by X-Forwarded-For.
    t = await startTestPlatform('embedded', { RATE_LIMIT_PER_ADDRESS: '4', RATE_LIMIT_PER_CLIENT: '3', RATE_LIMIT_WINDOW_MS: '600000', TRUST_PROXY: 'loopback' });
  });
  afterAll(async () => {
    await Promise.all(merchants.map((m) => m.close()));
    await t.close();
  });

  it('refuses a burst from one address over the limit on the gateway: HTTP 200, RL0429 and Retry-After; other addresses unaffected', async () => {
    const answers = await repeat(5, () => time('203.0.113.1'));
    expect(answers.slice(0, 4).map((r) => r.body.errorCode)).toEqual(['', '', '', '']);
    const refused = answers[4];
    expect(refused.status).toBe(200);
    expect(refused.body).toEqual({ errorCode: 'RL0429', failureDetails: expect.stringMatching(/^too many requests from this address: at most 4 per 600 s, retry after \d+ s$/) });
    expect(retryAfter(refused)).toBeGreaterThan(0);
    expect(retryAfter(refused)).toBeLessThanOrEqual(600);
    expect(refused.headers.get('x-request-id')).toBeTruthy();
    expect((await time('203.0.113.2')).body.errorCode).toBe('');
  });

  it('answers the SSO surface as SSO answers failures: HTTP 401, RL0429 with expiresIn 0, and Retry-After', async () => {
    const answers = await repeat(5, () => login('203.0.113.3', `client-${Math.random()}`));
    expect(answers.slice(0, 4).map((r) => r.body.errorCode)).not.toContain('RL0429');
    expect(answers[4].status).toBe(401);
    expect(answers[4].body).toEqual({ errorCode: 'RL0429', failureDetails: expect.stringMatching(/^too many requests from this address/), expiresIn: 0 });
    expect(retryAfter(answers[4])).toBeGreaterThan(0);
  });

  it('never lets requests that fail verification spend a merchant\'s budget: after a flood naming its clientId from rotating addresses, its signed login and gateway call pass (SDE1)', async () => {
    const victim = await merchant();
    let n = 10;
    // The attack of issue 18: one host, a new X-Forwarded-For each time, naming the victim's clientId.
    const flood = [
      ...(await repeat(4, () => login(`198.51.100.${n++}`, victim.clientId))),
      ...(await repeat(4, () => signedLogin(victim, `198.51.100.${n++}`, 'not-the-secret'))),
      ...(await repeat(4, () => listDevices({ clientId: victim.clientId, openId: 'o', accessToken: 'a' }, `198.51.100.${n++}`))),
      ...(await repeat(4, () => deleteDeviceByForm({ clientId: victim.clientId, openId: 'o', accessToken: 'a' }, `198.51.100.${n++}`))),
    ];
    expect(flood.map((r) => r.body.errorCode)).not.toContain('RL0429');
    expect(new Set(flood.slice(0, 8).map((r) => r.body.errorCode))).toEqual(new Set(['OP0041', 'OP0043']));

    const signedIn = await signedLogin(victim, '203.0.113.40');
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.errorCode).toBe('');
    expect((await listDevices(credentials(victim, signedIn), '203.0.113.41')).body).toMatchObject({ errorCode: '', data: [] });
  });

  it('refuses a merchant whose own verified calls spent its budget, from any address, on the gateway (query or form) and SSO; other merchants unaffected (SDE1)', async () => {
    const busy = await merchant();
    const other = await merchant();
    const signedIn = await signedLogin(busy, '192.0.2.1');
    expect(signedIn.body.errorCode).toBe('');
    const who = credentials(busy, signedIn);
    expect((await listDevices(who, '192.0.2.2')).body.errorCode).toBe('');
    expect((await deleteDeviceByForm(who, '192.0.2.3')).body.errorCode).toBe('020041');

    const refused = await listDevices(who, '192.0.2.4');
    expect(refused.status).toBe(200);
    expect(refused.body).toEqual({ errorCode: 'RL0429', failureDetails: expect.stringMatching(/^too many requests for this clientId: at most 3 per 600 s, retry after \d+ s$/) });
    expect(retryAfter(refused)).toBeGreaterThan(0);
    const refusedLogin = await signedLogin(busy, '192.0.2.5');
    expect(refusedLogin.status).toBe(401);
    expect(refusedLogin.body).toMatchObject({ errorCode: 'RL0429', expiresIn: 0 });
    expect(retryAfter(refusedLogin)).toBeGreaterThan(0);

    expect((await signedLogin(other, '192.0.2.6')).body.errorCode).toBe('');
  });

  it('never limits health, metrics or the API document', async () => {
    for (const path of ['/health/live', '/health/ready', '/metrics', '/openapi.json']) {
      const statuses = await repeat(6, () => getQuery<Body>(t.baseUrl, path, {}, { 'x-forwarded-for': '203.0.113.9' }));
      expect(statuses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    }
  });
});

describe('trusted proxies (AB2, SDE2)', () => {
  beforeAll(async () => {
    // TRUST_PROXY unset: the default trusts no proxy, not even one on loopback.
    t = await startTestPlatform('embedded', { RATE_LIMIT_PER_ADDRESS: '3', RATE_LIMIT_WINDOW_MS: '600000' });
  });
  afterAll(() => t.close());

  it('by default ignores X-Forwarded-For, even from a loopback peer: a client cannot dodge its limit', async () => {
    const answers = [await time('203.0.113.21'), await time('203.0.113.22'), await time('203.0.113.23'), await time('203.0.113.24')];
    expect(answers.map((r) => r.body.errorCode)).toEqual(['', '', '', 'RL0429']);
  });
});

describe('merchant time limit below the RPC time limit (AB5)', () => {
  let hanging: Server;
  const held: ServerResponse[] = [];

  beforeAll(async () => {
    t = await startTestPlatform('embedded', { RPC_TIMEOUT_MS: '4000', MERCHANT_TIMEOUT_MS: '300' });
    hanging = createServer((_req, res) => held.push(res));
    await new Promise<void>((r) => hanging.listen(0, '127.0.0.1', r));
  });
  afterAll(async () => {
    held.forEach((res) => res.destroy());
    hanging.closeAllConnections();
    await new Promise((r) => hanging.close(r));
    await t.close();
  });

  it('answers a login against a hanging merchant endpoint with OP0052, not 000099', async () => {
    const url = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/idp`;
    const created = await admin(t, 'POST', '/merchants', { name: 'Hanging merchant', tokenValidationUrl: url, userProfileUrl: url });
    expect(created.status).toBe(201);
    const params = { token: 'tok' };
    const headers = signedHeaders({ method: 'POST', path: '/sso/authorize_by_token', params, clientId: String(created.body.clientId), clientSecret: String(created.body.clientSecret), now: t.clock.now() });
    const res = await postForm<Body>(t.baseUrl, '/sso/authorize_by_token', params, headers);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ errorCode: 'OP0052', failureDetails: expect.stringMatching(/^merchant endpoint is_valid_token unavailable: no answer from 127\.0\.0\.1:\d+ within 300 ms$/), expiresIn: 0 });
  });
});

describe('request time limits (AB4)', () => {
  beforeAll(async () => {
    t = await startTestPlatform('embedded', { HTTP_REQUEST_TIMEOUT_MS: '600', HTTP_HEADERS_TIMEOUT_MS: '300' });
  });
  afterAll(() => t.close());

  /** Sends a POST announcing 10,000 body bytes, then one byte every 20 ms; resolves with what the server did. */
  function trickle(baseUrl: string): Promise<{ closed: boolean; answer: string; bytesSent: number }> {
    const { hostname, port } = new URL(baseUrl);
    return new Promise((resolve) => {
      const socket = connect(Number(port), hostname);
      let answer = '';
      let bytesSent = 0;
      // Bounded: at most 500 bytes (10 s); a server that waits that long has no request time limit.
      const drip = setInterval(() => {
        if (bytesSent >= 500) return finish(false);
        socket.write('x');
        bytesSent++;
      }, 20);
      const finish = (closed: boolean) => {
        clearInterval(drip);
        socket.destroy();
        resolve({ closed, answer, bytesSent });
      };
      socket.on('data', (chunk) => (answer += chunk.toString()));
      socket.on('error', () => undefined);
      socket.on('close', () => finish(true));
      socket.write(`POST /gateway?service=cloud_system.current_time HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 10000\r\n\r\n`);
    });
  }

  it.each([
    ['public', () => t.baseUrl],
    ['admin', () => t.adminUrl],
  ])('closes a socket on the %s port that trickles its body, before the body is complete', async (_port, url) => {
    const outcome = await trickle(url());
    expect(outcome.closed).toBe(true);
    expect(outcome.bytesSent).toBeLessThan(500);
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('still answers ordinary requests', async () => {
    expect((await getQuery<Body>(t.baseUrl, '/gateway', { service: 'cloud_system.current_time' })).body.errorCode).toBe('');
  });
});
