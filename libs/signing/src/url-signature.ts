/**
 * Signatures of the URLs the platform hands out to be fetched later without credentials (playback URLs, alarm
 * pictures): lower-case hex HMAC-SHA256 of a canonical text naming exactly one URL, under a key derived from
 * SECRETS_KEY for that one purpose (HKDF-SHA256, `info` naming the purpose: never the raw key, so a leaked
 * signature says nothing about the key that encrypts secrets at rest). URLs signed under a key derived from
 * SECRETS_KEY_PREVIOUS keep verifying until they expire (docs/decisions.md SK3). What a URL's canonical text
 * holds, and when it has expired, is each signer's own rule.
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/** The 32-byte key for one purpose (`info`, e.g. `dcp-playback-v1`) derived from SECRETS_KEY. */
export function deriveUrlSigningKey(secretsKey: Buffer, info: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secretsKey, Buffer.alloc(0), info, 32));
}

export class UrlSignature {
  /** Signs under `key`; also verifies signatures made under `previousKeys`. */
  constructor(
    private readonly key: Buffer,
    private readonly previousKeys: readonly Buffer[] = [],
  ) {}

  /** Both keys derived for `info` from SECRETS_KEY and the keys of SECRETS_KEY_PREVIOUS. */
  static derived(info: string, secretsKey: Buffer, previousSecretsKeys: readonly Buffer[] = []): UrlSignature {
    return new UrlSignature(deriveUrlSigningKey(secretsKey, info), previousSecretsKeys.map((k) => deriveUrlSigningKey(k, info)));
  }

  /** 64 lower-case hex digits. */
  sign(canonical: string): string {
    return hmac(this.key, canonical).toString('hex');
  }

  /** Whether `sig` (64 lower-case hex digits) signs `canonical` under the current or a previous key; constant time per key. */
  verifies(canonical: string, sig: string): boolean {
    if (!/^[0-9a-f]{64}$/.test(sig)) return false;
    const given = Buffer.from(sig, 'hex');
    let found = false;
    // Every key is tried, so how long a refusal takes does not say which key came close.
    for (const key of [this.key, ...this.previousKeys]) if (timingSafeEqual(hmac(key, canonical), given)) found = true;
    return found;
  }
}

function hmac(key: Buffer, canonical: string): Buffer {
  return createHmac('sha256', key).update(canonical, 'utf8').digest();
}
