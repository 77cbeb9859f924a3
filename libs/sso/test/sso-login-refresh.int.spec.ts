/**
 * Spec 3.1 (token lifecycle) and 7.2/7.4 codes against real PostgreSQL, with the reference merchant over HTTP.
 */
import { ERROR_CATALOG, ErrorCode, EVENTS, SSO_RPC, SSO_ADMIN_RPC, type MerchantWithSecret } from '@dcp/contracts';
import { describeWithInfra, expectEvent } from '@dcp/testing';
import { createHash } from 'node:crypto';
import { rejection, startSsoHarness, type SsoHarness } from './sso-harness';

describeWithInfra(['postgres'], 'sso: login, refresh, token verification (PostgreSQL)', () => {
  let h: SsoHarness;
  let merchant: MerchantWithSecret;

  beforeAll(async () => {
    h = await startSsoHarness();
    merchant = await h.createMerchant({ accessTokenTtlSeconds: 600, refreshTokenTtlSeconds: 3600 });
  });
  afterAll(() => h?.close());

  const login = (token: string, m: { clientId: string; clientSecret: string } = merchant) => h.rpc(SSO_RPC.ssoAuthorizeByToken, h.signed('/sso/authorize_by_token', { token }, m));
  const refresh = (refreshToken: string, m: { clientId: string; clientSecret: string } = merchant) => h.rpc(SSO_RPC.ssoRefreshToken, h.signed('/sso/refresh_token', { refreshToken }, m));
  const verify = (accessToken: string, openId: string, clientId = merchant.clientId) => h.rpc(SSO_RPC.ssoVerifyAccessToken, { clientId, openId, accessToken });

  it('no tokens → authorize_by_token with an accepted merchant token → tokens issued, shadow account created, user.updated(created)', async () => {
    const { uuid, token } = h.merchantUser({ name: 'Ann First' });
    const updated = await expectEvent(h.runtime.events, EVENTS.userUpdated.subject, (e) => (e.data as { uuid: string }).uuid === uuid);
    const result = await login(token);
    expect(result.expiresIn).toBe(600);
    for (const t of [result.accessToken, result.refreshToken, result.openId]) expect(t.length).toBeLessThanOrEqual(40);
    const event = await updated.arrived;
    expect(event.data).toMatchObject({ uuid, clientId: merchant.clientId, openId: result.openId, created: true });

    const { rows: users } = await h.sql.query('SELECT id, uuid, name, country, open_id FROM sso."user" WHERE uuid = $1', [uuid]);
    expect(users).toEqual([{ id: (event.data as { userId: number }).userId, uuid, name: 'Ann First', country: 'DE', open_id: result.openId }]);
    // Only hashes are stored.
    const { rows: tokens } = await h.sql.query('SELECT hash, kind FROM sso.token WHERE user_id = $1 ORDER BY kind', [users[0].id]);
    const sha = (t: string) => createHash('sha256').update(t).digest('hex');
    expect(tokens).toEqual([
      { hash: sha(result.accessToken), kind: 'ACCESS' },
      { hash: sha(result.refreshToken), kind: 'REFRESH' },
    ]);
    const { rows: raw } = await h.sql.query('SELECT count(*)::int AS n FROM sso.token WHERE hash IN ($1, $2)', [result.accessToken, result.refreshToken]);
    expect(raw[0].n).toBe(0);

    await expect(verify(result.accessToken, result.openId)).resolves.toMatchObject({ userId: users[0].id, openId: result.openId, clientId: merchant.clientId, uuid });
  });

  it('a second login keeps the openId and userId, refreshes the profile and publishes user.updated(created=false)', async () => {
    const { uuid, token } = h.merchantUser({ name: 'Before' });
    const first = await login(token);
    h.sandbox.store.update(uuid, { name: 'After', phone: '+49 1' });
    const updated = await expectEvent(h.runtime.events, EVENTS.userUpdated.subject, (e) => (e.data as { uuid: string; created: boolean }).uuid === uuid && !(e.data as { created: boolean }).created);
    const second = await login(token);
    expect(second.openId).toBe(first.openId);
    expect(second.accessToken).not.toBe(first.accessToken);
    await updated.arrived;
    const { rows } = await h.sql.query('SELECT name, phone FROM sso."user" WHERE uuid = $1', [uuid]);
    expect(rows).toEqual([{ name: 'After', phone: '+49 1' }]);
  });

  it('no tokens → authorize_by_token with a refused merchant token → OP0051, HTTP 401, still no tokens', async () => {
    const before = await h.sql.query('SELECT count(*)::int AS n FROM sso.token');
    const err = await rejection(login('not-a-valid-merchant-token'));
    expect(err.code).toBe(ErrorCode.SSO_PARTNER_AUTHORIZATION_DENIED);
    expect(ERROR_CATALOG[ErrorCode.SSO_PARTNER_AUTHORIZATION_DENIED]).toMatchObject({ value: 'OP0051', httpStatus: 401 });
    expect(err.failureDetails).toContain('token is invalid');
    const after = await h.sql.query('SELECT count(*)::int AS n FROM sso.token');
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it('requires the token parameter (SSO_PARAMETER_INVALID naming it)', async () => {
    const err = await rejection(h.rpc(SSO_RPC.ssoAuthorizeByToken, h.signed('/sso/authorize_by_token', {}, merchant)));
    expect(err).toMatchObject({ code: ErrorCode.SSO_PARAMETER_INVALID, failureDetails: 'parameter token is required' });
  });

  it('accessToken valid → time passes → expired (030041) → refresh_token with a valid refresh token → new accessToken, same refresh token', async () => {
    const { token } = h.merchantUser();
    const tokens = await login(token);
    h.clock.advance(601);
    expect((await rejection(verify(tokens.accessToken, tokens.openId))).code).toBe(ErrorCode.FC_AUTH_ACCESSTOKEN_EXPIRED);
    const refreshed = await refresh(tokens.refreshToken);
    expect(refreshed).toMatchObject({ refreshToken: tokens.refreshToken, expiresIn: 600, openId: tokens.openId });
    await expect(verify(refreshed.accessToken, tokens.openId)).resolves.toMatchObject({ openId: tokens.openId });
    // Without rotation the refresh token stays usable until it expires.
    await expect(refresh(tokens.refreshToken)).resolves.toMatchObject({ refreshToken: tokens.refreshToken });
  });

  it('refresh_token with an expired refresh token → 030051 (login required)', async () => {
    const { token } = h.merchantUser();
    const tokens = await login(token);
    h.clock.advance(3600);
    const err = await rejection(refresh(tokens.refreshToken));
    expect(err.code).toBe(ErrorCode.SSO_REFRESH_TOKEN_EXPIRED);
    expect(ERROR_CATALOG[ErrorCode.SSO_REFRESH_TOKEN_EXPIRED]).toMatchObject({ value: '030051', httpStatus: 401 });
  });

  it('refresh_token with an unknown token → 030091; requires the parameter', async () => {
    const err = await rejection(refresh('unknown-refresh-token'));
    expect(err.code).toBe(ErrorCode.SSO_TOKEN_INFO_NOT_EXISTS);
    expect(ERROR_CATALOG[ErrorCode.SSO_TOKEN_INFO_NOT_EXISTS]).toMatchObject({ value: '030091', httpStatus: 401 });
    const missing = await rejection(h.rpc(SSO_RPC.ssoRefreshToken, h.signed('/sso/refresh_token', {}, merchant)));
    expect(missing).toMatchObject({ code: ErrorCode.SSO_PARAMETER_INVALID, failureDetails: 'parameter refreshToken is required' });
  });

  it("another merchant's refresh token does not exist for this merchant (030091)", async () => {
    const other = await h.createMerchant({ name: 'Other merchant' });
    const { token } = h.merchantUser();
    const tokens = await login(token);
    expect((await rejection(refresh(tokens.refreshToken, other))).code).toBe(ErrorCode.SSO_TOKEN_INFO_NOT_EXISTS);
  });

  describe('token verification for the gateway (7.2)', () => {
    it('maps each failure to its code', async () => {
      const other = await h.createMerchant({ name: 'Second merchant' });
      const a = await login(h.merchantUser().token);
      const b = await login(h.merchantUser().token);
      const c = await login(h.merchantUser().token, other);
      const code = async (p: Promise<unknown>) => (await rejection(p)).code;
      expect(await code(verify(a.accessToken, a.openId, 'no-such-client'))).toBe(ErrorCode.FC_AUTH_APPKEY_NOT_EXISTS);
      expect(await code(verify(a.accessToken, 'no-such-open-id'))).toBe(ErrorCode.FC_AUTH_OPENID_NOT_EXISTS);
      expect(await code(verify(c.accessToken, c.openId))).toBe(ErrorCode.FC_AUTH_OPENID_NOT_MATCH);
      expect(await code(verify('no-such-token', a.openId))).toBe(ErrorCode.FC_AUTH_ACCESSTOKEN_NOT_MATCH);
      expect(await code(verify(b.accessToken, a.openId))).toBe(ErrorCode.FC_AUTH_ACCESSTOKEN_NOT_MATCH);
      expect(await code(verify(a.refreshToken, a.openId))).toBe(ErrorCode.FC_AUTH_ACCESSTOKEN_NOT_MATCH);
      await expect(verify(c.accessToken, c.openId, other.clientId)).resolves.toMatchObject({ clientId: other.clientId });
      expect([ErrorCode.FC_AUTH_APPKEY_NOT_EXISTS, ErrorCode.FC_AUTH_OPENID_NOT_EXISTS, ErrorCode.FC_AUTH_OPENID_NOT_MATCH, ErrorCode.FC_AUTH_ACCESSTOKEN_NOT_MATCH, ErrorCode.FC_AUTH_ACCESSTOKEN_EXPIRED].map((c) => ERROR_CATALOG[c].value)).toEqual([
        '030010', '030030', '030031', '030040', '030041',
      ]);
    });

    it("a disabled merchant's users get 030010 until it is enabled again", async () => {
      const m = await h.createMerchant({ name: 'To be disabled' });
      const t = await login(h.merchantUser().token, m);
      await h.rpc(SSO_ADMIN_RPC.disableMerchant, { clientId: m.clientId });
      expect((await rejection(verify(t.accessToken, t.openId, m.clientId))).code).toBe(ErrorCode.FC_AUTH_APPKEY_NOT_EXISTS);
      await h.rpc(SSO_ADMIN_RPC.updateMerchant, { clientId: m.clientId, body: { enabled: true } });
      await expect(verify(t.accessToken, t.openId, m.clientId)).resolves.toBeDefined();
    });
  });

  describe('refresh token rotation (merchant option)', () => {
    let rotating: MerchantWithSecret;
    beforeAll(async () => {
      rotating = await h.createMerchant({ name: 'Rotating merchant', refreshTokenRotation: true });
    });

    it('issues a new refresh token each time and consumes the old one', async () => {
      const first = await login(h.merchantUser().token, rotating);
      const second = await refresh(first.refreshToken, rotating);
      expect(second.refreshToken).not.toBe(first.refreshToken);
      const third = await refresh(second.refreshToken, rotating);
      await expect(verify(third.accessToken, first.openId, rotating.clientId)).resolves.toBeDefined();
    });

    it('reuse of a consumed refresh token → SSO_REFRESH_TOKEN_REUSED and the whole family is revoked', async () => {
      const first = await login(h.merchantUser().token, rotating);
      const second = await refresh(first.refreshToken, rotating);
      const err = await rejection(refresh(first.refreshToken, rotating));
      expect(err.code).toBe(ErrorCode.SSO_REFRESH_TOKEN_REUSED);
      expect((await rejection(verify(second.accessToken, first.openId, rotating.clientId))).code).toBe(ErrorCode.FC_AUTH_ACCESSTOKEN_NOT_MATCH);
      expect((await rejection(verify(first.accessToken, first.openId, rotating.clientId))).code).toBe(ErrorCode.FC_AUTH_ACCESSTOKEN_NOT_MATCH);
      expect((await rejection(refresh(second.refreshToken, rotating))).code).toBe(ErrorCode.SSO_TOKEN_INFO_NOT_EXISTS);
      // A new login starts a new, unaffected family.
      await expect(login(h.merchantUser().token, rotating)).resolves.toBeDefined();
    });

    it('two concurrent exchanges of one refresh token: one wins, the other is a reuse', async () => {
      const first = await login(h.merchantUser().token, rotating);
      const results = await Promise.allSettled([refresh(first.refreshToken, rotating), refresh(first.refreshToken, rotating)]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason.code).toBe(ErrorCode.SSO_REFRESH_TOKEN_REUSED);
    });
  });
});
