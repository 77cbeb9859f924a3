/**
 * The sandbox verifying the platform's signatures (spec 5.1 over GET and the query parameters), driven over
 * real HTTP with headers made by libs/signing — the way the platform signs its calls to merchants.
 */
import { signedHeaders } from '@dcp/signing';
import { type MerchantSandbox, startMerchantSandbox } from './sandbox';
import { call } from './test/http';

const SECRET = 'merchant-secret';
const PROFILE = '/idp/get_user_profile';

describe('platform signature verification', () => {
  let clock: number;
  let sandbox: MerchantSandbox;
  let uuid: string;

  const signed = (params: Record<string, string>, options: { secret?: string; clientId?: string; path?: string; at?: number } = {}) =>
    signedHeaders({ method: 'GET', path: options.path ?? PROFILE, params, clientId: options.clientId ?? 'cid-1', clientSecret: options.secret ?? SECRET, now: options.at ?? clock });
  const profile = (headers: Record<string, string> = {}, query = `uuid=${uuid}`) => call(sandbox.url, 'GET', `${PROFILE}?${query}`, { headers });
  const refused = (failureDetails: string) => ({ status: 401, body: { errorCode: 'MS0403', failureDetails } });

  afterEach(() => sandbox.close());

  describe('when a secret is configured (checked when present)', () => {
    beforeEach(async () => {
      clock = 1_700_000_000_000;
      sandbox = await startMerchantSandbox({ clientSecret: SECRET, now: () => clock });
      uuid = sandbox.store.create({ username: 'a@example.com', name: 'A' }).uuid;
    });

    it('accepts a correctly signed call', async () => {
      expect((await profile(signed({ uuid }))).status).toBe(200);
      expect(sandbox.signatureVerdicts()).toEqual([{ at: clock, method: 'GET', path: PROFILE, verified: true }]);
    });

    it('accepts a correctly signed token validation with a token that needs URL-encoding (values are signed decoded)', async () => {
      const token = sandbox.store.issueToken(uuid)!;
      const params = { token: `${token} +&=/` };
      sandbox.store.delete(uuid);
      const res = await call(sandbox.url, 'GET', `/idp/is_valid_token?${new URLSearchParams(params)}`, { headers: signed(params, { path: '/idp/is_valid_token' }) });
      // The signature passed; the token (with extra characters) is then simply unknown.
      expect(res).toEqual({ status: 401, body: { errorCode: 'MS0401', failureDetails: 'token is invalid' } });
      expect(sandbox.signatureVerdicts().map((v) => v.verified)).toEqual([true]);
    });

    it('lets unsigned calls through (spec 4.3 requires no headers)', async () => {
      expect((await profile()).status).toBe(200);
      expect(sandbox.signatureVerdicts()).toEqual([]);
    });

    it('refuses a signature made with another secret', async () => {
      expect(await profile(signed({ uuid }, { secret: 'other' }))).toEqual(refused('signature refused: sign does not match'));
      expect(sandbox.signatureVerdicts()).toEqual([{ at: clock, method: 'GET', path: PROFILE, verified: false, reason: 'signature refused: sign does not match' }]);
    });

    it('refuses a signature over other parameters or another path', async () => {
      expect(await profile(signed({ uuid: 'someone-else' }))).toEqual(refused('signature refused: sign does not match'));
      expect(await profile(signed({ uuid }, { path: '/idp/is_valid_token' }))).toEqual(refused('signature refused: sign does not match'));
      expect(await profile(signed({ uuid }), `uuid=${uuid}&extra=1`)).toEqual(refused('signature refused: sign does not match'));
    });

    it('refuses a call with some but not all signature headers, naming the missing one', async () => {
      const { sign: _sign, ...withoutSign } = signed({ uuid });
      expect(await profile(withoutSign)).toEqual(refused('signature refused: missing header sign'));
      expect(await profile({ sign: signed({ uuid }).sign })).toEqual(refused('signature refused: missing header x-client-time'));
    });

    it.each([
      [15, 200],
      [-15, 200],
      [16, 401],
      [-16, 401],
    ])('with the platform clock %i s off → %i', async (offset, status) => {
      const res = await profile(signed({ uuid }, { at: clock + offset * 1000 }));
      expect(res.status).toBe(status);
      if (status === 401) expect(res.body.failureDetails).toBe('signature refused: x-client-time is more than 15 seconds away from the merchant clock');
    });

    it('accepts header names in any case', async () => {
      const shouting = Object.fromEntries(Object.entries(signed({ uuid })).map(([k, v]) => [k.toUpperCase(), v]));
      expect((await profile(shouting)).status).toBe(200);
    });
  });

  describe('when signatures are required', () => {
    beforeEach(async () => {
      clock = 1_700_000_000_000;
      sandbox = await startMerchantSandbox({ clientSecret: SECRET, clientId: 'cid-1', requireSignature: true, now: () => clock });
      uuid = sandbox.store.create({ username: 'a@example.com', name: 'A' }).uuid;
    });

    it('refuses an unsigned call', async () => {
      expect(await profile()).toEqual(refused('signature refused: missing header x-client-time'));
    });

    it('accepts a signed call from the configured client and refuses another x-client-Id', async () => {
      expect((await profile(signed({ uuid }))).status).toBe(200);
      expect(await profile(signed({ uuid }, { clientId: 'cid-2' }))).toEqual(refused('signature refused: unknown x-client-Id'));
    });

    it('checks the signature before looking the user up', async () => {
      expect(await profile(signed({ uuid: 'nobody' }, { secret: 'other' }), 'uuid=nobody')).toEqual(refused('signature refused: sign does not match'));
    });
  });

  describe('configured after start', () => {
    beforeEach(async () => {
      clock = 1_700_000_000_000;
      sandbox = await startMerchantSandbox({ now: () => clock });
      uuid = sandbox.store.create({ username: 'a@example.com', name: 'A' }).uuid;
    });

    it('starts off, then checks once the secret is set through PUT /sandbox/signature', async () => {
      expect(await call(sandbox.url, 'GET', '/sandbox/signature')).toEqual({ status: 200, body: { mode: 'off', clientId: null, verdicts: [] } });
      expect((await profile(signed({ uuid }, { secret: 'anything' }))).status).toBe(200);

      const put = await call(sandbox.url, 'PUT', '/sandbox/signature', { body: { clientSecret: SECRET, requireSignature: true } });
      expect(put).toEqual({ status: 200, body: { mode: 'required', clientId: null, verdicts: [] } });
      expect(JSON.stringify(put.body)).not.toContain(SECRET);
      expect((await profile()).status).toBe(401);
      expect((await profile(signed({ uuid }))).status).toBe(200);
      expect((await call(sandbox.url, 'GET', '/sandbox/signature')).body.verdicts.map((v: { verified: boolean }) => v.verified)).toEqual([false, true]);

      expect((await call(sandbox.url, 'PUT', '/sandbox/signature', { body: {} })).body.mode).toBe('off');
      expect((await profile()).status).toBe(200);
    });

    it('refuses requireSignature without a secret', async () => {
      expect(await call(sandbox.url, 'PUT', '/sandbox/signature', { body: { requireSignature: true } })).toEqual({
        status: 400,
        body: { errorCode: 'MS0400', failureDetails: 'requireSignature needs a clientSecret' },
      });
      expect(() => sandbox.configureSignature({ requireSignature: true })).toThrow('requireSignature needs a clientSecret');
    });

    it('can be configured programmatically', async () => {
      sandbox.configureSignature({ clientSecret: SECRET });
      expect((await profile(signed({ uuid }, { secret: 'other' }))).status).toBe(401);
      expect((await profile(signed({ uuid }))).status).toBe(200);
    });
  });
});
