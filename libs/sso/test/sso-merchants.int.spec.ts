/**
 * Operator API, merchant endpoint failures (down, bad JSON, oversized, redirects), the SSRF guard with
 * private networks not allowed, the purge, and the module's health check and metrics.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErrorCode, SSO_RPC, SSO_ADMIN_RPC, type MerchantWithSecret } from '@dcp/contracts';
import { describeWithInfra, uniqueName } from '@dcp/testing';
import { ExpiredDataPurger, TOKEN_RETENTION_AFTER_EXPIRY_MS } from '../src/maintenance/expired-data.purger';
import { rejection, startSsoHarness, type SsoHarness } from './sso-harness';

describeWithInfra(['postgres'], 'sso: merchants (PostgreSQL)', () => {
  let h: SsoHarness;

  beforeAll(async () => {
    h = await startSsoHarness();
  });
  afterAll(() => h?.close());

  describe('operator API (dcp.rpc.sso.admin.*)', () => {
    it('create → get → patch → list → disable; the secret is shown once and stored encrypted', async () => {
      const created = await h.createMerchant({ name: 'Admin merchant' });
      expect(created).toMatchObject({ name: 'Admin merchant', accessTokenTtlSeconds: 7200, refreshTokenTtlSeconds: 2592000, refreshTokenRotation: false, enabled: true });
      expect(created.clientId.length).toBeLessThanOrEqual(40);
      const { rows } = await h.sql.query('SELECT secret_ciphertext FROM sso.merchant WHERE client_id = $1', [created.clientId]);
      expect(rows[0].secret_ciphertext).not.toContain(created.clientSecret);

      const got = await h.rpc(SSO_ADMIN_RPC.getMerchant, { clientId: created.clientId });
      expect(got).not.toHaveProperty('clientSecret');
      const patched = await h.rpc(SSO_ADMIN_RPC.updateMerchant, { clientId: created.clientId, body: { name: 'Renamed', accessTokenTtlSeconds: 900, refreshTokenRotation: true } });
      expect(patched).toMatchObject({ name: 'Renamed', accessTokenTtlSeconds: 900, refreshTokenRotation: true });
      const list = await h.rpc(SSO_ADMIN_RPC.listMerchants, {});
      expect(list.items.map((m) => m.clientId)).toContain(created.clientId);
      expect(list.total).toBeGreaterThanOrEqual(1);
      await expect(h.rpc(SSO_ADMIN_RPC.disableMerchant, { clientId: created.clientId })).resolves.toMatchObject({ enabled: false });
    });

    it('validation names the field (ADMIN_VALIDATION_FAILED); unknown clientId → ADMIN_NOT_FOUND', async () => {
      const err = await rejection(h.rpc(SSO_ADMIN_RPC.createMerchant, { body: { name: 'x', tokenValidationUrl: 'javascript:alert(1)', userProfileUrl: 'https://m.example/p' } }));
      expect(err).toMatchObject({ code: ErrorCode.ADMIN_VALIDATION_FAILED });
      expect(err.failureDetails).toContain('tokenValidationUrl');
      expect((await rejection(h.rpc(SSO_ADMIN_RPC.getMerchant, { clientId: 'x'.repeat(60) }))).code).toBe(ErrorCode.ADMIN_NOT_FOUND);
      expect((await rejection(h.rpc(SSO_ADMIN_RPC.updateMerchant, { clientId: 'nope', body: { name: 'n' } }))).code).toBe(ErrorCode.ADMIN_NOT_FOUND);
    });

    it('filters the list: q in the name or clientId (any letter case, % and _ taken literally), enabled; the total is the filtered one', async () => {
      const tag = uniqueName('FILTER'); // FILTER_<10 hex>: its own _ must match literally too
      const alpha = await h.createMerchant({ name: `${tag} Alpha 100%` });
      const beta = await h.createMerchant({ name: `${tag} Beta_x` });
      const gamma = await h.createMerchant({ name: `${tag} Gamma 1000` });
      const delta = await h.createMerchant({ name: `${tag} deltaBx` });
      await h.rpc(SSO_ADMIN_RPC.disableMerchant, { clientId: gamma.clientId });
      const ids = (list: { items: { clientId: string }[] }) => list.items.map((m) => m.clientId);

      const tagged = await h.rpc(SSO_ADMIN_RPC.listMerchants, { q: tag.toLowerCase() });
      expect(ids(tagged)).toEqual([alpha, beta, gamma, delta].map((m) => m.clientId));
      expect(tagged.total).toBe(4);
      // Unescaped, "100%" would also match "1000" and "a_x" would match "aBx".
      expect(ids(await h.rpc(SSO_ADMIN_RPC.listMerchants, { q: `${tag} %` }))).toEqual([]);
      expect(ids(await h.rpc(SSO_ADMIN_RPC.listMerchants, { q: '100%' }))).toEqual([alpha.clientId]);
      expect(ids(await h.rpc(SSO_ADMIN_RPC.listMerchants, { q: 'a_x' }))).toEqual([beta.clientId]);
      expect(ids(await h.rpc(SSO_ADMIN_RPC.listMerchants, { q: ` ${delta.clientId.slice(3, 15).toLowerCase()} ` }))).toEqual([delta.clientId]);

      expect(await h.rpc(SSO_ADMIN_RPC.listMerchants, { q: tag, enabled: 'false' })).toMatchObject({ items: [{ clientId: gamma.clientId, enabled: false }], total: 1 });
      const enabledPage = await h.rpc(SSO_ADMIN_RPC.listMerchants, { q: tag, enabled: 'true', limit: 1, offset: 1 });
      expect(enabledPage).toMatchObject({ items: [{ clientId: beta.clientId }], total: 3 });

      const badEnabled = await rejection(h.rpc(SSO_ADMIN_RPC.listMerchants, { enabled: 'yes' }));
      expect(badEnabled).toMatchObject({ code: ErrorCode.ADMIN_VALIDATION_FAILED, failureDetails: 'invalid field enabled: must be true or false' });
      const badQ = await rejection(h.rpc(SSO_ADMIN_RPC.listMerchants, { q: 'x'.repeat(101) }));
      expect(badQ).toMatchObject({ code: ErrorCode.ADMIN_VALIDATION_FAILED, failureDetails: 'invalid field q: must be at most 100 characters' });
    });
  });

  describe('merchant endpoint failures → SSO_MERCHANT_UNAVAILABLE', () => {
    let server: Server;
    let base: string;
    let reply: (res: import('node:http').ServerResponse) => void;
    let merchant: MerchantWithSecret;

    beforeAll(async () => {
      server = createServer((_req, res) => reply(res));
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      merchant = await h.createMerchant({ name: 'Flaky merchant', tokenValidationUrl: `${base}/idp/is_valid_token` });
    });
    afterAll(async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    });

    const login = () => rejection(h.rpc(SSO_RPC.ssoAuthorizeByToken, h.signed('/sso/authorize_by_token', { token: 't' }, merchant)));

    it.each<[string, (res: import('node:http').ServerResponse) => void, RegExp]>([
      ['bad JSON', (res) => res.writeHead(200).end('{not json'), /not a JSON object/],
      ['an oversized answer', (res) => res.writeHead(200).end(JSON.stringify({ errorCode: '', user: { uuid: 'u', name: 'x'.repeat(70_000) } })), /larger than 65536 bytes/],
      ['HTTP 500', (res) => res.writeHead(500).end(), /HTTP 500/],
      ['a redirect', (res) => res.writeHead(302, { location: 'http://169.254.169.254/' }).end(), /redirects are not followed/],
      ['a user without uuid', (res) => res.writeHead(200).end(JSON.stringify({ errorCode: '', user: { name: 'x' } })), /invalid user: user\.uuid/],
    ])('%s', async (_case, behaviour, reason) => {
      reply = behaviour;
      const err = await login();
      expect(err.code).toBe(ErrorCode.SSO_MERCHANT_UNAVAILABLE);
      expect(err.failureDetails).toMatch(/^merchant endpoint is_valid_token unavailable: /);
      expect(err.failureDetails).toMatch(reason);
    });

    it('a merchant that is down', async () => {
      const down = await h.createMerchant({ name: 'Down merchant', tokenValidationUrl: 'http://127.0.0.1:1/idp/is_valid_token' });
      const err = await rejection(h.rpc(SSO_RPC.ssoAuthorizeByToken, h.signed('/sso/authorize_by_token', { token: 't' }, down)));
      expect(err).toMatchObject({ code: ErrorCode.SSO_MERCHANT_UNAVAILABLE, failureDetails: 'merchant endpoint is_valid_token unavailable: connection to 127.0.0.1:1 refused' });
    });
  });

  it('purges used signatures past their window and tokens long expired, keeping the rest', async () => {
    const now = h.clock.now();
    await h.sql.query(`INSERT INTO sso.used_signature (client_id, sign, expires_at) VALUES ('c', 'old', $1), ('c', 'fresh', $2)`, [new Date(now - 1000), new Date(now + 10_000)]);
    const m = await h.createMerchant({ name: 'Purge merchant' });
    await h.rpc(SSO_RPC.ssoAuthorizeByToken, h.signed('/sso/authorize_by_token', { token: h.merchantUser().token }, m));
    const { rows } = await h.sql.query(`SELECT t.user_id, t.family FROM sso.token t JOIN sso."user" u ON u.id = t.user_id JOIN sso.merchant mm ON mm.id = u.merchant_id WHERE mm.client_id = $1 LIMIT 1`, [m.clientId]);
    const { user_id, family } = rows[0];
    const longAgo = new Date(now - TOKEN_RETENTION_AFTER_EXPIRY_MS - 1000);
    const recently = new Date(now - 1000);
    await h.sql.query(`INSERT INTO sso.token (hash, kind, user_id, family, expires_at) VALUES ($1, 'ACCESS', $3, $4, $5), ($2, 'ACCESS', $3, $4, $6)`, ['a'.repeat(64), 'b'.repeat(64), user_id, family, longAgo, recently]);

    const result = await h.module.get(ExpiredDataPurger).purgeOnce();
    expect(result.signatures).toBeGreaterThanOrEqual(1);
    expect(result.tokens).toBeGreaterThanOrEqual(1);
    const signs = (await h.sql.query(`SELECT sign FROM sso.used_signature WHERE client_id = 'c' ORDER BY sign`)).rows.map((r) => r.sign);
    expect(signs).toEqual(['fresh']);
    const hashes = (await h.sql.query(`SELECT hash FROM sso.token WHERE hash IN ($1, $2)`, ['a'.repeat(64), 'b'.repeat(64)])).rows.map((r) => r.hash);
    expect(hashes).toEqual(['b'.repeat(64)]);
  });

  it('registers its readiness check and metrics', async () => {
    const check = h.runtime.health.entries().find(([name]) => name === 'database:sso');
    expect(check).toBeDefined();
    await expect(check![1]()).resolves.toBeUndefined();
    const metrics = await h.runtime.metrics.render();
    expect(metrics).toMatch(/dcp_service_operations_total\{service="sso",[^}]*operation="admin.create_merchant"[^}]*\} \d+/);
    expect(metrics).toMatch(/dcp_outbox_pending\{service="sso"\} \d+/);
  });
});

describeWithInfra(['postgres'], 'sso: SSRF guard with private networks not allowed (PostgreSQL)', () => {
  let h: SsoHarness;

  beforeAll(async () => {
    h = await startSsoHarness({ allowPrivateNetworks: false });
  });
  afterAll(() => h?.close());

  it('refuses to call a merchant on a loopback address, without calling it', async () => {
    const merchant = await h.createMerchant();
    const { token } = h.merchantUser();
    const before = h.sandbox.signatureVerdicts().length;
    const err = await rejection(h.rpc(SSO_RPC.ssoAuthorizeByToken, h.signed('/sso/authorize_by_token', { token }, merchant)));
    expect(err.code).toBe(ErrorCode.SSO_MERCHANT_UNAVAILABLE);
    expect(err.failureDetails).toBe('merchant endpoint is_valid_token unavailable: merchant address 127.0.0.1 is not allowed (loopback)');
    expect(h.sandbox.signatureVerdicts().length).toBe(before);
    expect((await h.sql.query('SELECT count(*)::int AS n FROM sso."user"')).rows[0].n).toBe(0);
  });

  it('refuses host names resolving to loopback and the metadata address', async () => {
    const byName = await h.createMerchant({ tokenValidationUrl: `${h.sandbox.url.replace('127.0.0.1', 'localhost')}/idp/is_valid_token` });
    const err = await rejection(h.rpc(SSO_RPC.ssoAuthorizeByToken, h.signed('/sso/authorize_by_token', { token: 't' }, byName)));
    expect(err.failureDetails).toMatch(/merchant address (127\.0\.0\.1|::1) is not allowed \(loopback\)/);
    const metadata = await h.createMerchant({ tokenValidationUrl: 'http://169.254.169.254/latest/meta-data' });
    const err2 = await rejection(h.rpc(SSO_RPC.ssoAuthorizeByToken, h.signed('/sso/authorize_by_token', { token: 't' }, metadata)));
    expect(err2.failureDetails).toContain('169.254.169.254 is not allowed');
  });
});
