import { createHmac, hkdfSync } from 'node:crypto';
import { UrlSignature, deriveUrlSigningKey } from './url-signature';

const SECRETS_KEY = Buffer.alloc(32, 7);
const PREVIOUS = Buffer.alloc(32, 9);

describe('UrlSignature', () => {
  it('signs with HMAC-SHA256 under the HKDF key of its purpose, never the raw key', () => {
    const key = Buffer.from(hkdfSync('sha256', SECRETS_KEY, Buffer.alloc(0), 'dcp-test-v1', 32));
    expect(deriveUrlSigningKey(SECRETS_KEY, 'dcp-test-v1')).toEqual(key);
    const sig = UrlSignature.derived('dcp-test-v1', SECRETS_KEY).sign('a\nb');
    expect(sig).toBe(createHmac('sha256', key).update('a\nb').digest('hex'));
    expect(sig).not.toBe(createHmac('sha256', SECRETS_KEY).update('a\nb').digest('hex'));
    // Another purpose, another key: a signature of one kind of URL is no signature of another.
    expect(UrlSignature.derived('dcp-other-v1', SECRETS_KEY).verifies('a\nb', sig)).toBe(false);
  });

  it('verifies its own and a previous key\'s signatures of exactly that text; refuses anything else', () => {
    const current = UrlSignature.derived('dcp-test-v1', SECRETS_KEY, [PREVIOUS]);
    const old = UrlSignature.derived('dcp-test-v1', PREVIOUS).sign('x');
    expect(current.verifies('x', current.sign('x'))).toBe(true);
    expect(current.verifies('x', old)).toBe(true);
    expect(UrlSignature.derived('dcp-test-v1', SECRETS_KEY).verifies('x', old)).toBe(false);
    const sig = current.sign('x');
    expect(current.verifies('y', sig)).toBe(false);
    const flipped = (sig[0] === 'a' ? 'b' : 'a') + sig.slice(1);
    for (const bad of [flipped, sig.toUpperCase(), sig.slice(1), `${sig}0`, '', 'z'.repeat(64)]) expect([bad, current.verifies('x', bad)]).toEqual([bad, false]);
  });
});
