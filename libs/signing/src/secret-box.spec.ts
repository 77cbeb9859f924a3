import { randomBytes } from 'node:crypto';
import { SecretBox } from './secret-box';
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
    parts[3] = Buffer.from('y').toString('base64url');
    expect(() => box.decrypt(parts.join('.'), 'c')).toThrow();
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
