/**
 * Spec 5.1 on the three SSO operations end to end: header rules, replay across replicas (two module
 * instances on one database), secret rotation with a grace period, and our own signed calls to the merchant.
 */
import { ErrorCode, SSO_RPC, SSO_ADMIN_RPC, type MerchantWithSecret, type SignedSsoRequest } from '@dcp/contracts';
import { describeWithInfra } from '@dcp/testing';
import { rejection, startSsoHarness, type SsoHarness } from './sso-harness';

describeWithInfra(['postgres'], 'sso: signed requests (PostgreSQL)', () => {
  let h: SsoHarness;
  let merchant: MerchantWithSecret;

  beforeAll(async () => {
    h = await startSsoHarness();
    merchant = await h.createMerchant();
  });
  afterAll(() => h?.close());

  const operations = [
    { name: 'authorize_by_token', contract: SSO_RPC.ssoAuthorizeByToken, params: () => ({ token: h.merchantUser().token }) },
    { name: 'refresh_token', contract: SSO_RPC.ssoRefreshToken, params: () => ({ refreshToken: 'whatever' }) },
    { name: 'user_callback', contract: SSO_RPC.ssoUserCallback, params: () => ({ operation: 'UPDATE', uuid: 'nobody' }) },
  ] as const;

  const send = (op: (typeof operations)[number], req: SignedSsoRequest) => h.rpc(op.contract as typeof SSO_RPC.ssoAuthorizeByToken, req);
  const tweak = (req: SignedSsoRequest, headers: Partial<SignedSsoRequest['headers']>): SignedSsoRequest => ({ ...req, headers: { ...req.headers, ...headers } });

  describe.each(operations)('$name', (op) => {
    const signedFor = (m: { clientId: string; clientSecret: string } = merchant) => h.signed(`/sso/${op.name}`, op.params(), m);

    it.each([
      ['clientTime', 'x-client-time'],
      ['version', 'x-version'],
      ['clientId', 'x-client-Id'],
      ['sign', 'sign'],
    ] as const)('without %s → SSO_SIGNATURE_HEADER_MISSING naming %s', async (field, header) => {
      const err = await rejection(send(op, tweak(signedFor(), { [field]: undefined })));
      expect(err.code).toBe(ErrorCode.SSO_SIGNATURE_HEADER_MISSING);
      expect(err.failureDetails).toContain(header);
      expect(err.httpStatus).toBe(401);
    });

    it('unknown clientId → SSO_SIGNATURE_CLIENT_UNKNOWN', async () => {
      expect((await rejection(send(op, tweak(signedFor(), { clientId: 'not-registered' })))).code).toBe(ErrorCode.SSO_SIGNATURE_CLIENT_UNKNOWN);
    });

    it('x-version other than 1.0 → SSO_VERSION_UNSUPPORTED', async () => {
      expect((await rejection(send(op, tweak(signedFor(), { version: '1.1' })))).code).toBe(ErrorCode.SSO_VERSION_UNSUPPORTED);
    });

    it('clock skew over 15 s → SSO_SIGNATURE_TIME_SKEW; 15 s is accepted', async () => {
      const now = h.clock.now();
      const late = h.signed(`/sso/${op.name}`, op.params(), merchant, now - 16_000);
      expect((await rejection(send(op, late))).code).toBe(ErrorCode.SSO_SIGNATURE_TIME_SKEW);
      const early = h.signed(`/sso/${op.name}`, op.params(), merchant, now + 16_000);
      expect((await rejection(send(op, early))).code).toBe(ErrorCode.SSO_SIGNATURE_TIME_SKEW);
      const edge = h.signed(`/sso/${op.name}`, op.params(), merchant, now - 15_000);
      // Past the signature check, the operation itself may succeed or fail on its parameters.
      const outcome = await send(op, edge).then(() => 'ok', (err: { code: string }) => err.code);
      expect(outcome).not.toMatch(/SSO_SIGNATURE/);
    });

    it('wrong signature → SSO_SIGNATURE_MISMATCH', async () => {
      const err = await rejection(send(op, h.signed(`/sso/${op.name}`, op.params(), { clientId: merchant.clientId, clientSecret: 'not-the-secret' })));
      expect(err.code).toBe(ErrorCode.SSO_SIGNATURE_MISMATCH);
    });

    it('the same signed request twice → SSO_SIGNATURE_REPLAYED', async () => {
      const req = signedFor();
      const first = await send(op, req).then(() => 'ok', (err: { code: string }) => err.code); // the operation itself may succeed or fail
      expect(first).not.toMatch(/SSO_SIGNATURE/);
      expect((await rejection(send(op, req))).code).toBe(ErrorCode.SSO_SIGNATURE_REPLAYED);
    });
  });

  it('a disabled merchant → SSO_MERCHANT_DISABLED (all three operations)', async () => {
    const m = await h.createMerchant({ name: 'Disabled' });
    await h.rpc(SSO_ADMIN_RPC.disableMerchant, { clientId: m.clientId });
    for (const op of operations) expect((await rejection(send(op, h.signed(`/sso/${op.name}`, op.params(), m)))).code).toBe(ErrorCode.SSO_MERCHANT_DISABLED);
  });

  it('a replay is refused by another replica sharing the database', async () => {
    // A second module instance: own bus, own process state, same database, key and clock.
    const replica = await startSsoHarness({ databaseUrl: h.databaseUrl, secretsKey: h.secretsKey, clock: h.clock });
    try {
      const req = h.signed('/sso/authorize_by_token', { token: h.merchantUser().token }, merchant);
      await expect(replica.rpc(SSO_RPC.ssoAuthorizeByToken, req)).resolves.toMatchObject({ expiresIn: 7200 });
      expect((await rejection(h.rpc(SSO_RPC.ssoAuthorizeByToken, req))).code).toBe(ErrorCode.SSO_SIGNATURE_REPLAYED);
    } finally {
      await replica.close();
    }
  });

  it('keeps a used signature for the window plus a minute (replicas purge by their own clocks)', async () => {
    const req = h.signed('/sso/authorize_by_token', { token: h.merchantUser().token }, merchant);
    await h.rpc(SSO_RPC.ssoAuthorizeByToken, req);
    const { rows } = await h.sql.query<{ expires_at: Date }>('SELECT expires_at FROM sso.used_signature WHERE client_id = $1 AND sign = $2', [merchant.clientId, String(req.headers.sign).toLowerCase()]);
    expect(rows.map((r) => r.expires_at.getTime())).toEqual([(Number(req.headers.clientTime) + 15 + 60) * 1000]);
  });

  it('secret rotation: the old secret verifies during the grace period only; the new one at once', async () => {
    const m = await h.createMerchant({ name: 'Rotating secret' });
    const rotated = await h.rpc(SSO_ADMIN_RPC.rotateMerchantSecret, { clientId: m.clientId, body: { graceSeconds: 60 } });
    expect(rotated.clientSecret).not.toBe(m.clientSecret);
    expect(rotated.previousSecretExpiresAt).not.toBeNull();
    const login = (secret: string) => h.rpc(SSO_RPC.ssoAuthorizeByToken, h.signed('/sso/authorize_by_token', { token: h.merchantUser().token }, { clientId: m.clientId, clientSecret: secret }));
    await expect(login(m.clientSecret)).resolves.toBeDefined();
    await expect(login(rotated.clientSecret)).resolves.toBeDefined();
    h.clock.advance(60);
    expect((await rejection(login(m.clientSecret))).code).toBe(ErrorCode.SSO_SIGNATURE_MISMATCH);
    await expect(login(rotated.clientSecret)).resolves.toBeDefined();
    expect((await h.rpc(SSO_ADMIN_RPC.getMerchant, { clientId: m.clientId })).previousSecretExpiresAt).toBeNull();
  });

  it('signs its calls to the merchant with the current secret (the merchant may require it)', async () => {
    const m = await h.createMerchant({ name: 'Verifying merchant' });
    h.sandbox.configureSignature({ clientSecret: m.clientSecret, clientId: m.clientId, requireSignature: true });
    try {
      const req = h.signed('/sso/authorize_by_token', { token: h.merchantUser().token }, m);
      await expect(h.rpc(SSO_RPC.ssoAuthorizeByToken, req)).resolves.toBeDefined();
      expect(h.sandbox.signatureVerdicts().at(-1)).toMatchObject({ path: '/idp/is_valid_token', verified: true });
      const rotated = await h.rpc(SSO_ADMIN_RPC.rotateMerchantSecret, { clientId: m.clientId, body: { graceSeconds: 0 } });
      // The merchant still expects the old secret: it refuses our call, which is a refusal (401) to us.
      const refused = await rejection(h.rpc(SSO_RPC.ssoAuthorizeByToken, h.signed('/sso/authorize_by_token', { token: h.merchantUser().token }, { clientId: m.clientId, clientSecret: rotated.clientSecret })));
      expect(refused.code).toBe(ErrorCode.SSO_PARTNER_AUTHORIZATION_DENIED);
      expect(h.sandbox.signatureVerdicts().at(-1)).toMatchObject({ verified: false });
    } finally {
      h.sandbox.configureSignature({ requireSignature: false });
    }
  });
});
