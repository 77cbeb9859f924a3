/**
 * streamIds at rest: a SecretBox ciphertext under SECRETS_KEY bound to `camera-stream:<MAC>:<userId>`, so a
 * ciphertext copied onto another device's or owner's row does not decrypt (like subtokens, SK4). The platform
 * must read a streamId back (records show it; uploads are verified with it as the HMAC key): encrypted, not hashed.
 * The box keeps up to OPENED_STREAM_IDS opened streamIds (decisions SK6): a user's authorization records decrypt
 * each stream once, not on every call.
 */
import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { RUNTIME_CONFIG } from '@dcp/runtime';
import type { PermissionConfig } from '../permission-config';
import { SecretBox } from '@dcp/signing';
import { type CameraStream, STREAM_ID_BYTES, type StoredCameraStream } from './camera-stream';

const context = (s: Pick<StoredCameraStream, 'ipcMac' | 'userId'>) => `camera-stream:${s.ipcMac}:${s.userId}`;

/** Opened streamIds kept per process: at most ~12 MB (ciphertext, context and 32 hex digits: ~250 bytes an entry). */
export const OPENED_STREAM_IDS = 50_000;

@Injectable()
export class StreamSecrets {
  private readonly box: SecretBox;

  constructor(@Inject(RUNTIME_CONFIG) config: PermissionConfig) {
    this.box = new SecretBox(config.secretsKey, config.secretsKeyPrevious, { remember: OPENED_STREAM_IDS });
  }

  /** The ciphertext of a new streamId (128 random bits) for this device and owner. */
  newStreamCiphertext(owner: Pick<StoredCameraStream, 'ipcMac' | 'userId'>): string {
    return this.box.encrypt(randomBytes(STREAM_ID_BYTES).toString('hex'), context(owner));
  }

  open(stored: StoredCameraStream): CameraStream {
    const { streamCiphertext: _ciphertext, ...rest } = stored;
    return { ...rest, streamId: this.streamIdOf(stored) };
  }

  /** The streamId of a stored stream of this device and owner. */
  streamIdOf(stored: Pick<StoredCameraStream, 'ipcMac' | 'userId' | 'streamCiphertext'>): string {
    return this.box.decrypt(stored.streamCiphertext, context(stored));
  }

  get currentPrefix(): string {
    return this.box.currentPrefix;
  }

  reencrypt(stored: StoredCameraStream): StoredCameraStream {
    return { ...stored, streamCiphertext: this.box.reencrypt(stored.streamCiphertext, context(stored)) };
  }
}
