import { ErrorCode } from '@dcp/contracts';
import type { Merchant } from '../merchants/merchant';
import type { MerchantLookup } from '../merchants/merchant.repository';
import { ManualClock } from '@dcp/testing';
import { makeMerchant } from '../test/factories';
import { MemoryUsedSignatures, failure, merchantSecrets, signedRequest } from '../test/fakes';
import { SignedRequestVerifier } from './signed-request.verifier';

const PATH = '/sso/authorize_by_token';
const SECRET = 'the-current-secret';

function setup(overrides: Partial<Merchant> = {}) {
  const clock = new ManualClock(1_800_000_000_000);
  const secrets = merchantSecrets();
  const merchant = makeMerchant(overrides, { secrets, secret: SECRET });
  const find = async (id: string) => (id === merchant.clientId ? merchant : null);
  const repo: MerchantLookup = { findByClientId: find, reread: find };
  const used = new MemoryUsedSignatures();
  const verifier = new SignedRequestVerifier(repo, secrets, used, clock);
  const sign = (params: Record<string, string> = { token: 't1' }, opts: { secret?: string; at?: number; tweak?: Parameters<typeof signedRequest>[5] } = {}) =>
    signedRequest(PATH, params, merchant.clientId, opts.secret ?? SECRET, opts.at ?? clock.now(), opts.tweak);
  return { clock, secrets, merchant, verifier, sign, used };
}

describe('SignedRequestVerifier (spec 5.1)', () => {
  it('accepts a correctly signed request and returns its merchant', async () => {
    const { verifier, sign, merchant } = setup();
    await expect(verifier.verify(sign())).resolves.toMatchObject({ clientId: merchant.clientId });
  });

  it.each([
    ['clientTime', 'x-client-time'],
    ['version', 'x-version'],
    ['clientId', 'x-client-Id'],
    ['sign', 'sign'],
  ] as const)('refuses a request without %s, naming the header %s', async (field, header) => {
    const { verifier, sign } = setup();
    const err = await failure(verifier.verify(sign(undefined, { tweak: (h) => ({ ...h, [field]: undefined }) })));
    expect(err.code).toBe(ErrorCode.SSO_SIGNATURE_HEADER_MISSING);
    expect(err.failureDetails).toContain(header);
  });

  it('treats an empty header as missing', async () => {
    const { verifier, sign } = setup();
    const err = await failure(verifier.verify(sign(undefined, { tweak: (h) => ({ ...h, sign: '' }) })));
    expect(err.code).toBe(ErrorCode.SSO_SIGNATURE_HEADER_MISSING);
  });

  it('refuses an unknown clientId', async () => {
    const { verifier, sign } = setup();
    const err = await failure(verifier.verify(sign(undefined, { tweak: (h) => ({ ...h, clientId: 'nobody' }) })));
    expect(err.code).toBe(ErrorCode.SSO_SIGNATURE_CLIENT_UNKNOWN);
  });

  it('refuses a disabled merchant before looking at the signature', async () => {
    const { verifier, sign } = setup({ enabled: false });
    expect((await failure(verifier.verify(sign(undefined, { secret: 'wrong' })))).code).toBe(ErrorCode.SSO_MERCHANT_DISABLED);
  });

  it('checks a request that does not verify against the kept row again against the row read anew (a secret rotated on another replica, R5)', async () => {
    const clock = new ManualClock(1_800_000_000_000);
    const secrets = merchantSecrets();
    const kept = makeMerchant({}, { secrets, secret: 'the-old-secret' });
    const rotated = { ...kept, secretCiphertext: secrets.encrypt(kept.clientId, 'the-new-secret') };
    const reread = jest.fn(async () => rotated);
    const verifier = new SignedRequestVerifier({ findByClientId: async () => kept, reread }, secrets, new MemoryUsedSignatures(), clock);
    const signWith = (secret: string) => signedRequest(PATH, { token: 't1' }, kept.clientId, secret, clock.now());

    await expect(verifier.verify(signWith('the-old-secret'))).resolves.toBe(kept);
    expect(reread).not.toHaveBeenCalled();
    await expect(verifier.verify(signWith('the-new-secret'))).resolves.toBe(rotated);
    expect(reread).toHaveBeenCalledTimes(1);
    // Read anew and no different: the refusal stands.
    reread.mockResolvedValue(kept);
    expect((await failure(verifier.verify(signWith('a-wrong-secret')))).code).toBe(ErrorCode.SSO_SIGNATURE_MISMATCH);
    // Read anew and disabled meanwhile: refused as disabled.
    reread.mockResolvedValue({ ...rotated, secretCiphertext: secrets.encrypt(kept.clientId, 'newer'), enabled: false });
    expect((await failure(verifier.verify(signWith('newer')))).code).toBe(ErrorCode.SSO_MERCHANT_DISABLED);
  });

  it('refuses any x-version other than 1.0', async () => {
    const { verifier, sign } = setup();
    const err = await failure(verifier.verify(sign(undefined, { tweak: (h) => ({ ...h, version: '2.0' }) })));
    expect(err.code).toBe(ErrorCode.SSO_VERSION_UNSUPPORTED);
  });

  it.each([15, -15])('accepts a clock skew of %i s', async (skew) => {
    const { verifier, sign, clock } = setup();
    await expect(verifier.verify(sign(undefined, { at: clock.now() + skew * 1000 }))).resolves.toBeDefined();
  });

  it.each([16, -16, 3600])('refuses a clock skew of %i s', async (skew) => {
    const { verifier, sign, clock } = setup();
    const err = await failure(verifier.verify(sign(undefined, { at: clock.now() + skew * 1000 })));
    expect(err.code).toBe(ErrorCode.SSO_SIGNATURE_TIME_SKEW);
    expect(err.failureDetails).toContain(`${Math.abs(skew)} s`);
  });

  it('refuses a signature made with another secret', async () => {
    const { verifier, sign } = setup();
    expect((await failure(verifier.verify(sign(undefined, { secret: 'another' })))).code).toBe(ErrorCode.SSO_SIGNATURE_MISMATCH);
  });

  it('refuses a request whose parameters were changed after signing', async () => {
    const { verifier, sign } = setup();
    const req = sign({ token: 'original' });
    expect((await failure(verifier.verify({ ...req, params: { token: 'changed' } }))).code).toBe(ErrorCode.SSO_SIGNATURE_MISMATCH);
  });

  it('refuses the same signature twice, also in another letter case', async () => {
    const { verifier, sign } = setup();
    const req = sign();
    await verifier.verify(req);
    expect((await failure(verifier.verify(req))).code).toBe(ErrorCode.SSO_SIGNATURE_REPLAYED);
    const upper = { ...req, headers: { ...req.headers, sign: (req.headers.sign as string).toUpperCase() } };
    expect((await failure(verifier.verify(upper))).code).toBe(ErrorCode.SSO_SIGNATURE_REPLAYED);
  });

  it('does not consume a signature that failed verification', async () => {
    const { verifier, sign, used } = setup();
    await failure(verifier.verify(sign(undefined, { secret: 'wrong' })));
    expect(used.seen.size).toBe(0);
  });

  it('accepts the previous secret only while its grace period runs', async () => {
    const { clock, secrets, merchant, verifier, sign } = setup();
    merchant.previousSecretCiphertext = secrets.encrypt(merchant.clientId, 'old-secret');
    merchant.previousSecretExpiresAt = new Date(clock.now() + 60_000);
    await expect(verifier.verify(sign({ token: 'a' }, { secret: 'old-secret' }))).resolves.toBeDefined();
    clock.advance(60);
    expect((await failure(verifier.verify(sign({ token: 'b' }, { secret: 'old-secret' })))).code).toBe(ErrorCode.SSO_SIGNATURE_MISMATCH);
    await expect(verifier.verify(sign({ token: 'c' }))).resolves.toBeDefined();
  });
});
