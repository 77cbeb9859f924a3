/**
 * Signs and checks the URLs of alarm pictures (decisions PS5): `/push/v1/pictures/<messageId>.jpg?expires&sig`,
 * `sig` = hex HMAC-SHA256 of `push-picture`, the message id and `expires` (epoch seconds), keyed with a key
 * derived from SECRETS_KEY (HKDF, info `dcp-push-picture-v1`: never the raw key). URLs signed under a key of
 * SECRETS_KEY_PREVIOUS keep working until they expire (SK3). The signature itself is @dcp/signing's UrlSignature.
 */
import { UrlSignature, deriveUrlSigningKey } from '@dcp/signing';

export function derivePictureKey(secretsKey: Buffer): Buffer {
  return deriveUrlSigningKey(secretsKey, 'dcp-push-picture-v1');
}

export class PictureSigner {
  private readonly signature: UrlSignature;

  constructor(key: Buffer, previousKeys: readonly Buffer[] = []) {
    this.signature = new UrlSignature(key, previousKeys);
  }

  sign(messageId: string, expires: number): string {
    return this.signature.sign(canonical(messageId, String(expires)));
  }

  /** Whether `sig` signs the message id and `expires` (as sent) under the current or a previous key. */
  verify(messageId: string, expires: string, sig: string): boolean {
    return this.signature.verifies(canonical(messageId, expires), sig);
  }
}

function canonical(messageId: string, expires: string): string {
  return `push-picture\n${messageId}\n${expires}`;
}
