/**
 * A merchant endpoint that hangs, resets the connection, answers too late, answers garbage, answers too much
 * or redirects: the login fails cleanly with SSO_MERCHANT_UNAVAILABLE (OP0052, HTTP 401, expiresIn 0), never
 * 000099, and another merchant's users keep signing in while those calls are held (decisions C1, AB5–AB7).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signedHeaders } from '@dcp/signing';
import { postForm } from '@dcp/testing';
import { type TestPlatform, startTestPlatform } from './harness';
import { type Body, MerchantApp, admin } from './merchant-app';

const MERCHANT_TIMEOUT_MS = 400;

/** One broken merchant site: the path names how it fails. Held responses are ended in afterAll. */
function brokenMerchant(): { server: Server; held: ServerResponse[] } {
  const held: ServerResponse[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const mode = new URL(req.url ?? '/', 'http://merchant').pathname.split('/')[1];
    switch (mode) {
      case 'hang':
        held.push(res);
        return;
      case 'reset':
        req.socket.destroy();
        return;
      case 'late':
        // Answers a valid body, but only after the merchant time limit has passed.
        held.push(res);
        setTimeout(() => res.writableEnded || res.end(JSON.stringify({ valid: true, uuid: 'u-late' })), MERCHANT_TIMEOUT_MS * 3).unref();
        return;
      case 'garbage':
        res.writeHead(200, { 'content-type': 'application/json' }).end('<html>not json{');
        return;
      case 'huge':
        // 1 MiB: far beyond what the platform reads of a merchant's answer.
        res.writeHead(200, { 'content-type': 'application/json' }).end(`{"pad":"${'x'.repeat(1024 * 1024)}"}`);
        return;
      case 'redirect':
        res.writeHead(302, { location: 'http://127.0.0.1:9/elsewhere' }).end();
        return;
      default:
        res.writeHead(404).end();
    }
  });
  return { server, held };
}

describe('merchant endpoints that fail (embedded)', () => {
  let t: TestPlatform;
  let healthy: MerchantApp;
  const broken = brokenMerchant();

  beforeAll(async () => {
    t = await startTestPlatform('embedded', { MERCHANT_TIMEOUT_MS: String(MERCHANT_TIMEOUT_MS), RPC_TIMEOUT_MS: '5000' });
    await new Promise<void>((r) => broken.server.listen(0, '127.0.0.1', r));
    healthy = await MerchantApp.register(t, 'Healthy merchant');
  });
  afterAll(async () => {
    broken.held.forEach((res) => res.destroy());
    broken.server.closeAllConnections();
    await new Promise((r) => broken.server.close(r));
    await healthy?.close();
    await t?.close();
  });

  /** Registers a merchant whose token validation endpoint fails in `mode`; `login()` signs one login for it. */
  async function brokenMerchantAccount(mode: string) {
    const url = `http://127.0.0.1:${(broken.server.address() as AddressInfo).port}/${mode}`;
    const created = await admin(t, 'POST', '/merchants', { name: `Broken ${mode}`, tokenValidationUrl: url, userProfileUrl: url });
    expect(created.status).toBe(201);
    let logins = 0;
    return {
      login: () => {
        // A token of its own per login: the same signed request twice would be a replay.
        const params = { token: `token-${mode}-${++logins}` };
        const headers = signedHeaders({ method: 'POST', path: '/sso/authorize_by_token', params, clientId: String(created.body.clientId), clientSecret: String(created.body.clientSecret), now: t.clock.now() });
        return postForm<Body>(t.baseUrl, '/sso/authorize_by_token', params, headers);
      },
    };
  }
  const loginAgainst = async (mode: string) => (await brokenMerchantAccount(mode)).login();

  it.each([
    ['hang', /no answer from 127\.0\.0\.1:\d+ within 400 ms/],
    ['reset', /connection to 127\.0\.0\.1:\d+ was reset/],
    ['late', /no answer from 127\.0\.0\.1:\d+ within 400 ms/],
    ['garbage', /not a JSON object/],
    ['huge', /larger than \d+ bytes/],
    ['redirect', /HTTP 302 \(redirects are not followed\)/],
  ])('%s → HTTP 401, OP0052 naming the endpoint, never 000099', async (mode, detail) => {
    const res = await loginAgainst(mode);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ errorCode: 'OP0052', failureDetails: expect.stringMatching(/^merchant endpoint is_valid_token unavailable: /), expiresIn: 0 });
    expect(String(res.body.failureDetails)).toMatch(detail);
  });

  it('another merchant\'s users sign in while logins against a hanging merchant are in flight', async () => {
    const held = Promise.all([loginAgainst('hang'), loginAgainst('hang'), loginAgainst('hang')]);
    const user = await healthy.signIn('Ann Example');
    expect(user.credentials.accessToken).toMatch(/\S/);
    for (const res of await held) expect(res.body.errorCode).toBe('OP0052');
  });

  it('a merchant that keeps failing is paused on its own (its breaker opens), and another merchant\'s users still sign in', async () => {
    const failing = await brokenMerchantAccount('reset');
    // MERCHANT_BREAKER_FAILURES (5) failures in a row open this merchant's breaker.
    for (let i = 0; i < 5; i++) expect((await failing.login()).body.errorCode).toBe('OP0052');
    const paused = await failing.login();
    expect(paused.body).toEqual({ errorCode: 'OP0052', failureDetails: expect.stringMatching(/calls paused after 5 failures in a row/), expiresIn: 0 });
    expect((await healthy.signIn('Bob Example')).credentials.accessToken).toMatch(/\S/);
  });
});
