/**
 * Single sign-on end to end, exactly as a merchant's app and server drive it: signed form POSTs to /sso/*,
 * the reference merchant (apps/merchant-sandbox) answering over real HTTP, the admin API registering the
 * merchant, and gateway calls authenticated with the issued credentials. Spec 3.1, 4.1–4.3, 5.1, 7.4 —
 * in embedded and in distributed mode.
 */
import { EVENTS } from '@dcp/contracts';
import { signedHeaders } from '@dcp/signing';
import { describeWithInfra, expectEvent, getQuery, requestJson } from '@dcp/testing';
// The reference merchant is a separate party on the network, not a dependency of the platform: the e2e
// specs start it as the real merchant over HTTP.
import { type MerchantSandbox, startMerchantSandbox } from '@dcp/merchant-sandbox';
import { type Mode, type TestPlatform, startTestPlatform } from './harness';

interface Merchant {
  clientId: string;
  clientSecret: string;
}

type Body = Record<string, unknown>;

function ssoSuite(mode: Mode) {
  let t: TestPlatform;
  let merchantSite: MerchantSandbox;
  let merchant: Merchant;

  const admin = (method: string, path: string, body?: unknown, token = t.adminToken) =>
    requestJson<Body>(method, `${t.adminUrl}/admin/v1${path}`, body, token ? { authorization: `Bearer ${token}` } : {});

  async function registerMerchant(extra: Record<string, unknown> = {}): Promise<Merchant> {
    const res = await admin('POST', '/merchants', {
      name: 'Acme Cameras',
      tokenValidationUrl: `${merchantSite.url}/idp/is_valid_token`,
      userProfileUrl: `${merchantSite.url}/idp/get_user_profile`,
      ...extra,
    });
    expect(res.status).toBe(201);
    return res.body as unknown as Merchant;
  }

  async function merchantUser(name = 'Ada Lovelace'): Promise<{ uuid: string; token: string }> {
    const user = merchantSite.store.create({ username: `${name.split(' ')[0].toLowerCase()}@example.com`, name });
    return { uuid: user.uuid, token: merchantSite.store.issueToken(user.uuid)! };
  }

  /** A signed SSO POST with a form body (spec 4.1, 5.1); `tamper` alters what is sent after signing. */
  async function sso(
    path: string,
    params: Record<string, string>,
    m: Merchant = merchant,
    opts: { now?: number; headers?: Record<string, string | undefined>; signWith?: string; body?: 'form' | 'json' | 'query' } = {},
  ): Promise<{ status: number; body: Body }> {
    const signed: Record<string, string | undefined> = {
      ...signedHeaders({ method: 'POST', path, params, clientId: m.clientId, clientSecret: opts.signWith ?? m.clientSecret, now: opts.now ?? t.clock.now() }),
      ...opts.headers,
    };
    const headers = Object.fromEntries(Object.entries(signed).filter((e): e is [string, string] => e[1] !== undefined));
    const kind = opts.body ?? 'form';
    const url = kind === 'query' ? `${t.baseUrl}${path}?${new URLSearchParams(params)}` : `${t.baseUrl}${path}`;
    const res = await fetch(url, {
      method: 'POST',
      headers: { ...headers, ...(kind === 'json' ? { 'content-type': 'application/json' } : kind === 'form' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body: kind === 'json' ? JSON.stringify(params) : kind === 'form' ? new URLSearchParams(params) : undefined,
    });
    return { status: res.status, body: (await res.json()) as Body };
  }

  const login = async (token: string, m: Merchant = merchant) => sso('/sso/authorize_by_token', { token }, m);
  const devices = (params: Record<string, string>) => getQuery(t.baseUrl, '/gateway', { service: 'user_ipc_setting_v2_0.getOemDeviceByUser', ...params });

  beforeAll(async () => {
    t = await startTestPlatform(mode);
    merchantSite = await startMerchantSandbox();
    merchant = await registerMerchant();
  });
  afterAll(async () => {
    await merchantSite?.close();
    await t?.close();
  });

  describe('admin API', () => {
    it('registers a merchant with a clientId of at most 40 characters and shows the secret once', async () => {
      expect(merchant.clientId.length).toBeLessThanOrEqual(40);
      expect(merchant.clientSecret.length).toBeGreaterThanOrEqual(32);
      const read = await admin('GET', `/merchants/${merchant.clientId}`);
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({ clientId: merchant.clientId, name: 'Acme Cameras', enabled: true });
      expect(JSON.stringify(read.body)).not.toContain(merchant.clientSecret);
    });

    it('refuses a wrong or missing admin token with 401', async () => {
      expect((await admin('GET', `/merchants/${merchant.clientId}`, undefined, 'wrong')).status).toBe(401);
      expect((await admin('GET', `/merchants/${merchant.clientId}`, undefined, '')).status).toBe(401);
    });

    it('refuses invalid merchants with 400 naming the field, unknown ones with 404', async () => {
      const bad = await admin('POST', '/merchants', { name: 'x', tokenValidationUrl: 'ftp://nope', userProfileUrl: `${merchantSite.url}/p` });
      expect(bad.status).toBe(400);
      expect(String(bad.body.failureDetails)).toContain('tokenValidationUrl');
      expect((await admin('GET', '/merchants/no-such-client')).status).toBe(404);
    });

    it('publishes its OpenAPI document', async () => {
      const doc = await requestJson<Body>('GET', `${t.adminUrl}/admin/v1/openapi.json`);
      expect(doc.status).toBe(200);
      expect(Object.keys(doc.body.paths as object)).toEqual(expect.arrayContaining(['/admin/v1/merchants', '/admin/v1/merchants/{clientId}']));
    });
  });

  describe('login (authorize_by_token)', () => {
    it('issues opaque tokens of at most 40 characters, expiresIn and openId (HTTP 200)', async () => {
      const { token } = await merchantUser();
      const res = await login(token);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ errorCode: '', failureDetails: '', accessToken: expect.any(String), refreshToken: expect.any(String), expiresIn: 7200, openId: expect.any(String) });
      for (const field of ['accessToken', 'refreshToken', 'openId']) expect(String(res.body[field]).length).toBeLessThanOrEqual(40);
      expect(res.body.accessToken).not.toBe(res.body.refreshToken);
    });

    it('keeps one shadow account per merchant user: a second login returns the same openId', async () => {
      const { uuid, token } = await merchantUser('Grace Hopper');
      const first = await login(token);
      const second = await login(merchantSite.store.issueToken(uuid)!);
      expect(second.body.openId).toBe(first.body.openId);
      expect(second.body.accessToken).not.toBe(first.body.accessToken);
    });

    it('answers 401 OP0051 with expiresIn 0 when the merchant refuses the token', async () => {
      const res = await login('not-a-merchant-token');
      expect(res.status).toBe(401);
      // The merchant's own reason follows the spec's text, so a merchant's developer sees why (decisions.md C5).
      expect(res.body).toEqual({ errorCode: 'OP0051', failureDetails: 'partner authorization denied: token is invalid', expiresIn: 0 });
    });

    it('accepts the parameters as a JSON body or a query string too', async () => {
      const { token } = await merchantUser('Json Body');
      expect((await sso('/sso/authorize_by_token', { token }, merchant, { body: 'json' })).status).toBe(200);
      const again = await merchantUser('Query String');
      expect((await sso('/sso/authorize_by_token', { token: again.token }, merchant, { body: 'query' })).status).toBe(200);
    });

    it('answers 401 with a clear reason when a parameter is missing', async () => {
      const res = await sso('/sso/authorize_by_token', {});
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ errorCode: 'OP0046', expiresIn: 0 });
      expect(String(res.body.failureDetails)).toContain('token');
    });

    it('refuses a token with a NUL byte (%00 in the form body) with 401 OP0046 naming token', async () => {
      // Signed exactly as a merchant's app signs it: the signature covers the decoded value, NUL included.
      const res = await login('merchant\u0000token');
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ errorCode: 'OP0046', failureDetails: 'parameter token must not contain control characters', expiresIn: 0 });
    });

    it('answers 401 OP0052 naming the field when the merchant returns a user whose name holds a NUL', async () => {
      const user = merchantSite.store.create({ username: 'nul@example.com', name: 'Nul\u0000Name' });
      const res = await login(merchantSite.store.issueToken(user.uuid)!);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        errorCode: 'OP0052',
        failureDetails: 'merchant endpoint is_valid_token unavailable: merchant returned an invalid user: user.name must not contain control characters',
        expiresIn: 0,
      });
    });

    it('answers 401 OP0052 when the merchant endpoint is down', async () => {
      const down = await startMerchantSandbox();
      const url = down.url;
      await down.close();
      const m = await admin('POST', '/merchants', { name: 'Down', tokenValidationUrl: `${url}/idp/is_valid_token`, userProfileUrl: `${url}/idp/get_user_profile` });
      const res = await login('any', m.body as unknown as Merchant);
      expect(res.status).toBe(401);
      expect(res.body.errorCode).toBe('OP0052');
    });
  });

  describe('request signing (spec 5.1)', () => {
    let token: string;
    beforeEach(async () => {
      token = (await merchantUser('Signer')).token;
    });

    it.each(['x-client-time', 'x-version', 'x-client-Id', 'sign'])('refuses a request without %s (401 OP0041 naming it)', async (header) => {
      const res = await sso('/sso/authorize_by_token', { token }, merchant, { headers: { [header]: undefined } });
      expect(res.status).toBe(401);
      expect(res.body.errorCode).toBe('OP0041');
      expect(String(res.body.failureDetails)).toContain(header);
    });

    it('refuses an unknown clientId with 030010', async () => {
      const res = await sso('/sso/authorize_by_token', { token }, { clientId: 'nobody', clientSecret: 'x' });
      expect(res.status).toBe(401);
      expect(res.body.errorCode).toBe('030010');
    });

    // Margins of two seconds around the 15 s bound: the server's clock may tick between signing and checking.
    it.each([17, -17])('refuses a client clock %i s off (OP0042) and accepts 13 s off', async (offset) => {
      const off = await sso('/sso/authorize_by_token', { token }, merchant, { now: t.clock.now() + offset * 1000 });
      expect(off.status).toBe(401);
      expect(off.body.errorCode).toBe('OP0042');
      const near = await sso('/sso/authorize_by_token', { token }, merchant, { now: t.clock.now() + Math.sign(offset) * 13_000 });
      expect(near.status).toBe(200);
    });

    it('refuses a signature made with another secret (OP0043) and one over other parameters', async () => {
      expect((await sso('/sso/authorize_by_token', { token }, merchant, { signWith: 'not-the-secret' })).body.errorCode).toBe('OP0043');
      const h = signedHeaders({ method: 'POST', path: '/sso/authorize_by_token', params: { token: 'other' }, clientId: merchant.clientId, clientSecret: merchant.clientSecret, now: t.clock.now() });
      const res = await fetch(`${t.baseUrl}/sso/authorize_by_token`, { method: 'POST', headers: { ...h, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ token }) });
      expect(res.status).toBe(401);
      expect(((await res.json()) as Body).errorCode).toBe('OP0043');
    });

    it('refuses a replayed request (OP0044)', async () => {
      const h = signedHeaders({ method: 'POST', path: '/sso/authorize_by_token', params: { token }, clientId: merchant.clientId, clientSecret: merchant.clientSecret, now: t.clock.now() });
      const send = () => fetch(`${t.baseUrl}/sso/authorize_by_token`, { method: 'POST', headers: { ...h, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ token }) });
      expect((await send()).status).toBe(200);
      const replay = await send();
      expect(replay.status).toBe(401);
      expect(((await replay.json()) as Body).errorCode).toBe('OP0044');
    });

    it('refuses an unsupported x-version (OP0045)', async () => {
      const res = await sso('/sso/authorize_by_token', { token }, merchant, { headers: { 'x-version': '2.0' } });
      expect(res.status).toBe(401);
      expect(res.body.errorCode).toBe('OP0045');
    });

    it('refuses a GET on an SSO path (401)', async () => {
      const res = await fetch(`${t.baseUrl}/sso/authorize_by_token?token=${token}`);
      expect(res.status).toBe(401);
    });
  });

  describe('refresh (spec 3.1)', () => {
    it('issues a new access token and keeps the refresh token valid', async () => {
      const { token } = await merchantUser('Refresher');
      const first = await login(token);
      const at = t.clock.now();
      const refreshed = await sso('/sso/refresh_token', { refreshToken: String(first.body.refreshToken) }, merchant, { now: at });
      expect(refreshed.status).toBe(200);
      expect(refreshed.body).toMatchObject({ errorCode: '', failureDetails: '', refreshToken: first.body.refreshToken, expiresIn: 7200, openId: first.body.openId });
      expect(refreshed.body.accessToken).not.toBe(first.body.accessToken);
      // The same request again must carry another x-client-time: an identical signature is a replay (OP0044).
      expect((await sso('/sso/refresh_token', { refreshToken: String(first.body.refreshToken) }, merchant, { now: at - 1000 })).status).toBe(200);
    });

    it('answers 401 030091 for an unknown refresh token', async () => {
      const res = await sso('/sso/refresh_token', { refreshToken: 'no-such-token' });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ errorCode: '030091', failureDetails: 'tokenInfo not exists', expiresIn: 0 });
    });

    it('answers 401 030091 for another merchant\'s refresh token', async () => {
      const other = await registerMerchant({ name: 'Other' });
      const { token } = await merchantUser('Cross');
      const first = await login(token);
      expect((await sso('/sso/refresh_token', { refreshToken: String(first.body.refreshToken) }, other)).body.errorCode).toBe('030091');
    });

    it('answers 401 030051 once the refresh token has expired', async () => {
      const shortLived = await registerMerchant({ name: 'Short', accessTokenTtlSeconds: 60, refreshTokenTtlSeconds: 3600 });
      const { token } = await merchantUser('Expiring');
      const first = await login(token, shortLived);
      t.clock.advance(3599);
      expect((await sso('/sso/refresh_token', { refreshToken: String(first.body.refreshToken) }, shortLived)).status).toBe(200);
      t.clock.advance(2);
      const res = await sso('/sso/refresh_token', { refreshToken: String(first.body.refreshToken) }, shortLived);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ errorCode: '030051', failureDetails: 'refreshtoken expired', expiresIn: 0 });
    });

    it('rotates refresh tokens when the merchant asks for it, and revokes the family on reuse (OP0055)', async () => {
      const rotating = await registerMerchant({ name: 'Rotating', refreshTokenRotation: true });
      const { token } = await merchantUser('Rotator');
      const first = await login(token, rotating);
      const at = t.clock.now();
      const second = await sso('/sso/refresh_token', { refreshToken: String(first.body.refreshToken) }, rotating, { now: at });
      expect(second.status).toBe(200);
      expect(second.body.refreshToken).not.toBe(first.body.refreshToken);
      const reuse = await sso('/sso/refresh_token', { refreshToken: String(first.body.refreshToken) }, rotating, { now: at - 1000 });
      expect(reuse.status).toBe(401);
      expect(reuse.body.errorCode).toBe('OP0055');
      const afterReuse = await sso('/sso/refresh_token', { refreshToken: String(second.body.refreshToken) }, rotating);
      expect(afterReuse.status).toBe(401);
    });
  });

  describe('gateway authentication with issued credentials', () => {
    it('accepts the issued credentials and answers each failure with its own code', async () => {
      const { token } = await merchantUser('Gateway User');
      const session = await login(token);
      const ok = { clientId: merchant.clientId, openId: String(session.body.openId), accessToken: String(session.body.accessToken) };
      // Authenticated: the call reaches device-service, which lists the user's (no) devices.
      expect((await devices(ok)).body).toEqual({ errorCode: '', failureDetails: '', data: [] });
      expect((await devices({ ...ok, clientId: 'unknown-client' })).body.errorCode).toBe('030010');
      expect((await devices({ ...ok, openId: 'unknown-open-id' })).body.errorCode).toBe('030030');
      expect((await devices({ ...ok, accessToken: 'x'.repeat(32) })).body.errorCode).toBe('030040');
      const other = await registerMerchant({ name: 'Elsewhere' });
      expect((await devices({ ...ok, clientId: other.clientId })).body.errorCode).toBe('030031');
    });

    it('answers 030041 once the access token has expired', async () => {
      const quick = await registerMerchant({ name: 'Quick', accessTokenTtlSeconds: 60 });
      const { token } = await merchantUser('Quick User');
      const session = await login(token, quick);
      const creds = { clientId: quick.clientId, openId: String(session.body.openId), accessToken: String(session.body.accessToken) };
      t.clock.advance(59);
      expect((await devices(creds)).body.errorCode).toBe('');
      // The edge cached the verification: it must not outlive the token's expiry.
      t.clock.advance(2);
      expect((await devices(creds)).body.errorCode).toBe('030041');
    });
  });

  describe('1-second token lifetimes (merchants testing their apps\' refresh handling)', () => {
    // The platform's time stands still but for advance(): real milliseconds on a loaded machine must not
    // decide a lifetime of one second.
    beforeEach(() => t.clock.freeze());
    afterEach(() => t.clock.resume());

    it('access 1 s, refresh 2 s: the token works, 030041 after a second (the edge cache too), refresh, then 030051', async () => {
      const brief = await registerMerchant({ name: 'Brief', accessTokenTtlSeconds: 1, refreshTokenTtlSeconds: 2 });
      const { token } = await merchantUser('Brief User');
      const session = await login(token, brief);
      expect(session.body).toMatchObject({ errorCode: '', expiresIn: 1 });
      const refreshToken = String(session.body.refreshToken);
      const creds = { clientId: brief.clientId, openId: String(session.body.openId), accessToken: String(session.body.accessToken) };
      expect((await devices(creds)).body.errorCode).toBe('');
      expect((await devices(creds)).body.errorCode).toBe(''); // now from the edge's verification cache

      t.clock.advance(1);
      expect((await devices(creds)).body).toEqual({ errorCode: '030041', failureDetails: 'accessToken expired, sign in again' });
      const refreshed = await sso('/sso/refresh_token', { refreshToken }, brief);
      expect(refreshed.status).toBe(200);
      expect(refreshed.body).toMatchObject({ errorCode: '', refreshToken, expiresIn: 1, openId: creds.openId });
      expect(refreshed.body.accessToken).not.toBe(creds.accessToken);
      const renewed = { ...creds, accessToken: String(refreshed.body.accessToken) };
      expect((await devices(renewed)).body.errorCode).toBe('');

      t.clock.advance(1);
      expect((await devices(renewed)).body.errorCode).toBe('030041');
      const late = await sso('/sso/refresh_token', { refreshToken }, brief);
      expect(late.status).toBe(401);
      expect(late.body).toEqual({ errorCode: '030051', failureDetails: 'refreshtoken expired', expiresIn: 0 });
    });

    it('access and refresh 1 s: both end together', async () => {
      const blink = await registerMerchant({ name: 'Blink', accessTokenTtlSeconds: 1, refreshTokenTtlSeconds: 1 });
      const session = await login((await merchantUser('Blink User')).token, blink);
      const creds = { clientId: blink.clientId, openId: String(session.body.openId), accessToken: String(session.body.accessToken) };
      expect((await devices(creds)).body.errorCode).toBe('');
      t.clock.advance(1);
      expect((await devices(creds)).body.errorCode).toBe('030041');
      expect((await sso('/sso/refresh_token', { refreshToken: String(session.body.refreshToken) }, blink)).body.errorCode).toBe('030051');
    });

    it('refuses lifetimes under 1 s and a refresh lifetime under the access lifetime (400 naming the field)', async () => {
      for (const [body, field] of [
        [{ accessTokenTtlSeconds: 0 }, 'accessTokenTtlSeconds'],
        [{ refreshTokenTtlSeconds: 0 }, 'refreshTokenTtlSeconds'],
        [{ accessTokenTtlSeconds: 2, refreshTokenTtlSeconds: 1 }, 'refreshTokenTtlSeconds'],
      ] as const) {
        const res = await admin('POST', '/merchants', { name: 'Too Brief', tokenValidationUrl: `${merchantSite.url}/idp/is_valid_token`, userProfileUrl: `${merchantSite.url}/idp/get_user_profile`, ...body });
        expect(res.status).toBe(400);
        expect(String(res.body.failureDetails)).toContain(field);
      }
    });
  });

  describe('user callbacks', () => {
    it('UPDATE re-reads the merchant profile and publishes user.updated', async () => {
      const { uuid, token } = await merchantUser('Before Rename');
      const session = await login(token);
      merchantSite.store.update(uuid, { name: 'After Rename' });
      const updated = await expectEvent(t.platform.runtime.events, EVENTS.userUpdated.subject, (e) => (e.data as { uuid: string }).uuid === uuid && !(e.data as { created: boolean }).created);
      const res = await sso('/sso/user_callback', { operation: 'UPDATE', uuid });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ errorCode: '', failureDetails: '' });
      expect((await updated.arrived).data).toMatchObject({ uuid, openId: session.body.openId, clientId: merchant.clientId });
    });

    it('UPDATE for a user the merchant does not know answers 401 OP0054', async () => {
      const res = await sso('/sso/user_callback', { operation: 'UPDATE', uuid: 'never-existed' });
      expect(res.status).toBe(401);
      expect(res.body.errorCode).toBe('OP0054');
      expect(res.body).not.toHaveProperty('expiresIn');
    });

    it.each(['DELETE', 'UPDATE'])('refuses a %s callback whose uuid holds a NUL byte (%00) with 401 OP0046 naming uuid', async (operation) => {
      const res = await sso('/sso/user_callback', { operation, uuid: 'merchant-user\u0000' });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ errorCode: 'OP0046', failureDetails: 'parameter uuid must not contain control characters' });
    });

    it('refuses an unknown operation with 401 naming the parameter', async () => {
      const res = await sso('/sso/user_callback', { operation: 'PURGE', uuid: 'u' });
      expect(res.status).toBe(401);
      expect(String(res.body.failureDetails)).toContain('operation');
    });

    it('DELETE is refused while the merchant still has the user, then deletes everything once, publishing user.deleted', async () => {
      const { uuid, token } = await merchantUser('To Be Deleted');
      const bystander = await merchantUser('Bystander');
      const session = await login(token);
      const other = await login(bystander.token);
      const creds = { clientId: merchant.clientId, openId: String(session.body.openId), accessToken: String(session.body.accessToken) };

      const at = t.clock.now();
      const refused = await sso('/sso/user_callback', { operation: 'DELETE', uuid }, merchant, { now: at });
      expect(refused.status).toBe(401);
      expect(refused.body.errorCode).toBe('OP0053');
      expect((await devices(creds)).body.errorCode).toBe('');

      merchantSite.store.delete(uuid);
      const deleted = await expectEvent(t.platform.runtime.events, EVENTS.userDeleted.subject, (e) => (e.data as { uuid: string }).uuid === uuid);
      // Each repetition carries its own x-client-time: an identical signature would be a replay (OP0044).
      const res = await sso('/sso/user_callback', { operation: 'DELETE', uuid }, merchant, { now: at - 1000 });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ errorCode: '', failureDetails: '' });
      // Revoked as soon as the callback is answered, even though this edge had the verification cached.
      expect((await devices(creds)).body.errorCode).toBe('030030');
      expect((await deleted.arrived).data).toMatchObject({ uuid, openId: creds.openId, clientId: merchant.clientId });

      expect((await sso('/sso/refresh_token', { refreshToken: String(session.body.refreshToken) })).body.errorCode).toBe('030091');
      // Nobody else is affected.
      expect((await devices({ clientId: merchant.clientId, openId: String(other.body.openId), accessToken: String(other.body.accessToken) })).body.errorCode).toBe('');

      // Repeating the callback is harmless and publishes nothing more.
      const again = await expectEvent(t.platform.runtime.events, EVENTS.userDeleted.subject, (e) => (e.data as { uuid: string }).uuid === uuid, 1_500);
      expect((await sso('/sso/user_callback', { operation: 'DELETE', uuid }, merchant, { now: at - 2000 })).status).toBe(200);
      await expect(again.arrived).rejects.toThrow(/no dcp.sso.user.deleted.v1 event/);
    });
  });

  describe('merchant administration', () => {
    it('rotates the secret with a grace period for the old one', async () => {
      const m = await registerMerchant({ name: 'Rotating Secret' });
      const rotated = await admin('POST', `/merchants/${m.clientId}/secret`, { graceSeconds: 300 });
      expect(rotated.status).toBe(201);
      const fresh = { clientId: m.clientId, clientSecret: String(rotated.body.clientSecret) };
      expect(fresh.clientSecret).not.toBe(m.clientSecret);
      expect((await login((await merchantUser('Old Secret')).token, m)).status).toBe(200);
      expect((await login((await merchantUser('New Secret')).token, fresh)).status).toBe(200);
      const noGrace = await admin('POST', `/merchants/${m.clientId}/secret`, { graceSeconds: 0 });
      expect((await login((await merchantUser('Gone Secret')).token, fresh)).body.errorCode).toBe('OP0043');
      expect((await login((await merchantUser('Newest')).token, { clientId: m.clientId, clientSecret: String(noGrace.body.clientSecret) })).status).toBe(200);
    });

    it('refuses every SSO call of a disabled merchant (OP0047)', async () => {
      const m = await registerMerchant({ name: 'Soon Disabled' });
      const patched = await admin('PATCH', `/merchants/${m.clientId}`, { enabled: false });
      expect(patched.status).toBe(200);
      expect(patched.body.enabled).toBe(false);
      const res = await login((await merchantUser('Disabled')).token, m);
      expect(res.status).toBe(401);
      expect(res.body.errorCode).toBe('OP0047');
    });
  });
}

describe('single sign-on (embedded)', () => ssoSuite('embedded'));
describeWithInfra(['postgres', 'nats'], 'single sign-on (distributed: PostgreSQL + NATS)', () => ssoSuite('distributed'));
