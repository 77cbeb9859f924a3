import { randomBytes } from 'node:crypto';
import { PictureSigner, derivePictureKey } from './picture-signer';

describe('PictureSigner (decisions PS5)', () => {
  const secretsKey = randomBytes(32);
  const signer = new PictureSigner(derivePictureKey(secretsKey));
  const id = '0f4c1c2e-8f5b-4a4e-9d3c-5b7f2a1e9c00';

  it('verifies a signature of exactly this message and expiry; refuses another message, expiry or a changed signature', () => {
    const sig = signer.sign(id, 1_800_000_000);
    expect(sig).toMatch(/^[0-9a-f]{64}$/);
    expect(signer.verify(id, '1800000000', sig)).toBe(true);
    expect(signer.verify(id.replace('00', '01'), '1800000000', sig)).toBe(false);
    expect(signer.verify(id, '1800000001', sig)).toBe(false);
    for (const bad of [(sig[0] === 'a' ? 'b' : 'a') + sig.slice(1), sig.toUpperCase(), sig.slice(2), '']) expect(signer.verify(id, '1800000000', bad)).toBe(false);
  });

  it('keys on a key derived for pictures (not SECRETS_KEY itself), and keeps verifying under SECRETS_KEY_PREVIOUS after a rotation', () => {
    expect(derivePictureKey(secretsKey).equals(secretsKey)).toBe(false);
    const old = signer.sign(id, 1_800_000_000);
    const rotated = new PictureSigner(derivePictureKey(randomBytes(32)), [derivePictureKey(secretsKey)]);
    expect(rotated.verify(id, '1800000000', old)).toBe(true);
    expect(new PictureSigner(derivePictureKey(randomBytes(32))).verify(id, '1800000000', old)).toBe(false);
  });
});
