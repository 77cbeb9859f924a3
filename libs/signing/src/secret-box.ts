/**
 * AES-256-GCM for secrets at rest that must stay usable (merchant client secrets, manufacturer delKeys,
 * device passwords; docs/decisions.md M3, D4, D19): they verify signatures or are given back, so they are
 * encrypted, not hashed. The owner (clientId, oemCode, MAC) is bound as additional authenticated data, so a
 * ciphertext copied onto another owner's row does not decrypt.
 *
 * Key rotation (docs/decisions.md SK1–SK3): the box holds the current key and any previous keys. It always
 * encrypts with the current key and names it in the ciphertext (`v2.<key id>.…`, the id a fingerprint of the
 * key, not the key); it decrypts with whichever key the ciphertext names. Ciphertexts of the first format
 * (`v1.…`, no key id) are tried against every key.
 *
 * The keys are imported once, as KeyObjects, when the box is made (not converted on every call). A box made with
 * `remember` keeps what it opened (./opened-secrets.ts, decisions SK6): the services whose listings decrypt a
 * secret per row (device passwords, camera streamIds) open each row once, not on every call.
 */
import { type KeyObject, createCipheriv, createDecipheriv, createHash, createSecretKey, randomBytes } from 'node:crypto';
import { OpenedSecrets } from './opened-secrets';

const KEY_ID_LENGTH = 8;

/** Non-secret fingerprint of a key: 8 base64url characters of its SHA-256 with a fixed label. */
export function secretKeyId(key: Buffer): string {
  return createHash('sha256').update('dcp-secret-box-key-id').update(key).digest('base64url').slice(0, KEY_ID_LENGTH);
}

export class SecretBoxKeyError extends Error {}

export interface SecretBoxOptions {
  /** Keep up to this many opened secrets (OpenedSecrets); none when absent. */
  remember?: number;
}

export class SecretBox {
  /** By key id; the current key first. */
  private readonly keys = new Map<string, KeyObject>();
  private readonly key: KeyObject;
  private readonly opened?: OpenedSecrets;
  readonly currentKeyId: string;
  /** What every ciphertext under the current key starts with (services select stale rows by it, SK2). */
  readonly currentPrefix: string;

  constructor(key: Buffer, previousKeys: readonly Buffer[] = [], options: SecretBoxOptions = {}) {
    for (const k of [key, ...previousKeys]) {
      if (k.length !== 32) throw new Error('SecretBox needs 32-byte keys');
      if (!this.keys.has(secretKeyId(k))) this.keys.set(secretKeyId(k), createSecretKey(k));
    }
    this.currentKeyId = secretKeyId(key);
    this.currentPrefix = `v2.${this.currentKeyId}.`;
    this.key = this.keys.get(this.currentKeyId) as KeyObject;
    if (options.remember !== undefined) this.opened = new OpenedSecrets(options.remember);
  }

  encrypt(plaintext: string, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return ['v2', this.currentKeyId, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
  }

  decrypt(ciphertext: string, context: string): string {
    if (this.opened === undefined) return this.open(ciphertext, context);
    const known = this.opened.get(ciphertext, context);
    if (known !== undefined) return known;
    const plaintext = this.open(ciphertext, context);
    this.opened.remember(ciphertext, context, plaintext);
    return plaintext;
  }

  private open(ciphertext: string, context: string): string {
    const parts = ciphertext.split('.');
    if (parts[0] === 'v2' && parts.length === 5) {
      const key = this.keys.get(parts[1]);
      if (!key) throw new SecretBoxKeyError(`secret encrypted under key ${parts[1]}, which is neither SECRETS_KEY nor in SECRETS_KEY_PREVIOUS`);
      return open(key, parts[2], parts[3], parts[4], context);
    }
    if (parts[0] === 'v1' && parts.length === 4) {
      let failure: unknown;
      for (const key of this.keys.values()) {
        try {
          return open(key, parts[1], parts[2], parts[3], context);
        } catch (err) {
          failure ??= err;
        }
      }
      throw failure;
    }
    throw new Error('unrecognised secret ciphertext');
  }

  /** True when the ciphertext is not under the current key (a rotation left it behind): re-encrypt it. */
  isStale(ciphertext: string): boolean {
    return !ciphertext.startsWith(this.currentPrefix);
  }

  /** The same secret under the current key (for re-encryption after a rotation). */
  reencrypt(ciphertext: string, context: string): string {
    return this.encrypt(this.decrypt(ciphertext, context), context);
  }
}

function open(key: KeyObject, iv: string, tag: string, data: string, context: string): string {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}
