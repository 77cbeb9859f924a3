/**
 * Signs and checks the URLs of alarm pictures (decisions PS5): `/push/v1/pictures/<messageId>.jpg?expires&sig`,
 * `sig` = hex HMAC-SHA256 of `push-picture`, the message id and `expires` (epoch seconds), keyed with a key
 * derived from SECRETS_KEY (HKDF, info `dcp-push-picture-v1`: never the raw key). URLs signed under a key of
 * SECRETS_KEY_PREVIOUS keep working until they expire (SK3).
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

export function derivePictureKey(secretsKey: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', secretsKey, Buffer.alloc(0), 'dcp-push-picture-v1', 32));
}

export class PictureSigner {
  constructor(
    private readonly key: Buffer,
    private readonly previousKeys: readonly Buffer[] = [],
  ) {}

  sign(messageId: string, expires: number): string {
    return mac(this.key, messageId, String(expires));
  }

  /** Whether `sig` signs the message id and `expires` (as sent) under the current or a previous key. */
  verify(messageId: string, expires: string, sig: string): boolean {
    if (!/^[0-9a-f]{64}$/.test(sig)) return false;
    const given = Buffer.from(sig, 'hex');
    return [this.key, ...this.previousKeys].some((key) => timingSafeEqual(Buffer.from(mac(key, messageId, expires), 'hex'), given));
  }
}

function mac(key: Buffer, messageId: string, expires: string): string {
  return createHmac('sha256', key).update(`push-picture\n${messageId}\n${expires}`).digest('hex');
}
