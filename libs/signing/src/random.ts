/**
 * Opaque identifiers, tokens and keys. Base62 keeps them safe in query strings, form bodies and headers
 * without encoding, and within the gateway's 40-character limit.
 */
import { createHash, randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Uniformly random base62 text (rejection sampling: bytes ≥ 248 would bias the alphabet). */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += ALPHABET[byte % 62];
    }
  }
  return out;
}

/** Lower-case hex SHA-256: how tokens are stored (never raw). */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
