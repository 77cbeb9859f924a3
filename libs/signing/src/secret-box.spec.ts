import crypto from 'node:crypto';
import { createCipheriv, randomBytes } from 'node:crypto';
import { SecretBox, SecretBoxKeyError, secretKeyId } from './secret-box';
import { randomBase62, sha256Hex } from './random';

describe('SecretBox (AES-256-GCM)', () => {
  const box = new SecretBox(randomBytes(32));

  it('round-trips and never stores the plaintext', () => {
    const c = box.encrypt('s3cret-value', 'client-a');
    expect(c).not.toContain('s3cret');
    expect(box.decrypt(c, 'client-a')).toBe('s3cret-value');
  });

  it('uses a fresh IV each time', () => {
    expect(box.encrypt('same', 'c')).not.toBe(box.encrypt('same', 'c'));
  });

  it('refuses a ciphertext moved to another merchant (bound clientId)', () => {
    expect(() => box.decrypt(box.encrypt('x', 'client-a'), 'client-b')).toThrow();
  });

  it('refuses another key and tampered data', () => {
    const c = box.encrypt('x', 'c');
    expect(() => new SecretBox(randomBytes(32)).decrypt(c, 'c')).toThrow();
    const parts = c.split('.');
    // One bit of the ciphertext flipped: always another byte (a replacement byte could equal the original).
    const data = Buffer.from(parts[4], 'base64url');
    data[0] ^= 0x01;
    parts[4] = data.toString('base64url');
    expect(() => box.decrypt(parts.join('.'), 'c')).toThrow();
  });
});

/** A ciphertext as the first format wrote it (`v1.<iv>.<tag>.<data>`, no key id). */
function encryptV1(key: Buffer, plaintext: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
}

describe('SecretBox key rotation (SECRETS_KEY_PREVIOUS)', () => {
  const oldKey = randomBytes(32);
  const newKey = randomBytes(32);

  it('names the current key in the ciphertext, by a fingerprint that is not the key', () => {
    const c = new SecretBox(newKey).encrypt('x', 'c');
    expect(c.split('.').slice(0, 2)).toEqual(['v2', secretKeyId(newKey)]);
    expect(c).not.toContain(newKey.toString('base64url'));
    expect(secretKeyId(newKey)).not.toBe(secretKeyId(oldKey));
  });

  it('decrypts what a previous key encrypted, and re-encrypts it under the current key', () => {
    const before = new SecretBox(oldKey).encrypt('s3cret', 'client-a');
    const rotated = new SecretBox(newKey, [oldKey]);
    expect(rotated.isStale(before)).toBe(true);
    expect(rotated.decrypt(before, 'client-a')).toBe('s3cret');
    const after = rotated.reencrypt(before, 'client-a');
    expect(rotated.isStale(after)).toBe(false);
    expect(new SecretBox(newKey).decrypt(after, 'client-a')).toBe('s3cret');
  });

  it('refuses a ciphertext under a key it was not given, naming the variable to set', () => {
    const before = new SecretBox(oldKey).encrypt('s3cret', 'c');
    expect(() => new SecretBox(newKey).decrypt(before, 'c')).toThrow(SecretBoxKeyError);
    expect(() => new SecretBox(newKey).decrypt(before, 'c')).toThrow(/SECRETS_KEY_PREVIOUS/);
  });

  it('still decrypts first-format ciphertexts, under the current or a previous key, and counts them stale', () => {
    const underOld = encryptV1(oldKey, 'legacy', 'c');
    const underNew = encryptV1(newKey, 'legacy-new', 'c');
    const rotated = new SecretBox(newKey, [oldKey]);
    expect(rotated.decrypt(underOld, 'c')).toBe('legacy');
    expect(rotated.decrypt(underNew, 'c')).toBe('legacy-new');
    expect(rotated.isStale(underNew)).toBe(true);
    expect(() => new SecretBox(newKey).decrypt(underOld, 'c')).toThrow();
    expect(() => rotated.decrypt(underOld, 'other-owner')).toThrow();
  });

  it('refuses keys that are not 32 bytes', () => {
    expect(() => new SecretBox(newKey, [randomBytes(16)])).toThrow(/32-byte/);
  });
});

describe('SecretBox remembering what it opened (decisions SK6)', () => {
  const oldKey = randomBytes(32);
  const newKey = randomBytes(32);
  afterEach(() => jest.restoreAllMocks());

  it('opens each ciphertext once: asked again, it answers without decrypting', () => {
    const box = new SecretBox(newKey, [], { remember: 100 });
    const rows = Array.from({ length: 20 }, (_, i) => ({ context: `AABBCCDDEE${String(i).padStart(2, '0')}`, ciphertext: box.encrypt(`password-${i}`, `AABBCCDDEE${String(i).padStart(2, '0')}`) }));
    const decipher = jest.spyOn(crypto, 'createDecipheriv');
    const first = rows.map((r) => box.decrypt(r.ciphertext, r.context));
    const second = rows.map((r) => box.decrypt(r.ciphertext, r.context));
    expect(second).toEqual(first);
    expect(first).toEqual(rows.map((_, i) => `password-${i}`));
    expect(decipher).toHaveBeenCalledTimes(rows.length);
  });

  it('after a rotation still opens what the previous key encrypted (both formats), and what it opened stays bound to its owner', () => {
    const underOld = new SecretBox(oldKey).encrypt('old-secret', 'owner-a');
    const v1UnderOld = encryptV1(oldKey, 'first-format', 'owner-a');
    const rotated = new SecretBox(newKey, [oldKey], { remember: 100 });
    for (let round = 0; round < 2; round++) {
      expect(rotated.decrypt(underOld, 'owner-a')).toBe('old-secret');
      expect(rotated.decrypt(v1UnderOld, 'owner-a')).toBe('first-format');
      // The same ciphertext copied onto another owner's row: refused, opened or not.
      expect(() => rotated.decrypt(underOld, 'owner-b')).toThrow();
      expect(() => rotated.decrypt(v1UnderOld, 'owner-b')).toThrow();
    }
    expect(new SecretBox(newKey).decrypt(rotated.reencrypt(underOld, 'owner-a'), 'owner-a')).toBe('old-secret');
  });

  it('never answers with what a box of other keys opened: each box keeps its own', () => {
    const v2 = new SecretBox(oldKey).encrypt('only-old-key', 'owner-a');
    const v1 = encryptV1(oldKey, 'only-old-key-v1', 'owner-a');
    const withOldKey = new SecretBox(oldKey, [], { remember: 100 });
    expect(withOldKey.decrypt(v2, 'owner-a')).toBe('only-old-key');
    expect(withOldKey.decrypt(v1, 'owner-a')).toBe('only-old-key-v1');
    const withoutIt = new SecretBox(newKey, [], { remember: 100 });
    expect(() => withoutIt.decrypt(v2, 'owner-a')).toThrow(SecretBoxKeyError);
    expect(() => withoutIt.decrypt(v1, 'owner-a')).toThrow();
  });

  it('does not remember a refusal: a wrong owner first, then the right one, then the wrong one again', () => {
    const box = new SecretBox(newKey, [], { remember: 100 });
    const c = box.encrypt('s3cret', 'owner-a');
    expect(() => box.decrypt(c, 'owner-b')).toThrow();
    expect(box.decrypt(c, 'owner-a')).toBe('s3cret');
    expect(() => box.decrypt(c, 'owner-b')).toThrow();
  });

  it('without remember, decrypts every time', () => {
    const box = new SecretBox(newKey);
    const c = box.encrypt('s3cret', 'owner-a');
    const decipher = jest.spyOn(crypto, 'createDecipheriv');
    for (let i = 0; i < 3; i++) expect(box.decrypt(c, 'owner-a')).toBe('s3cret');
    expect(decipher).toHaveBeenCalledTimes(3);
  });
});

describe('random tokens', () => {
  it('are base62 of the requested length and distinct', () => {
    const tokens = new Set(Array.from({ length: 200 }, () => randomBase62(32)));
    expect(tokens.size).toBe(200);
    for (const t of tokens) expect(t).toMatch(/^[A-Za-z0-9]{32}$/);
  });

  it('hash as lower-case SHA-256 hex', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
