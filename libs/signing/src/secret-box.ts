/**
 * AES-256-GCM for secrets at rest that must stay usable (merchant client secrets, manufacturer delKeys,
 * device passwords; docs/decisions.md M3, D4, D19): they verify signatures or are given back, so they are
 * encrypted, not hashed. The owner (clientId, oemCode, MAC) is bound as additional authenticated data, so a
 * ciphertext copied onto another owner's row does not decrypt.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';

export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('SecretBox needs a 32-byte key');
  }

  encrypt(plaintext: string, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
  }

  decrypt(ciphertext: string, context: string): string {
    const [version, iv, tag, data] = ciphertext.split('.');
    if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('unrecognised secret ciphertext');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  }
}
