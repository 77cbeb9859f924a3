/**
 * streamIds at rest: a SecretBox ciphertext under SECRETS_KEY bound to `camera-stream:<MAC>:<userId>`, so a
 * ciphertext copied onto another device's or owner's row does not decrypt (like subtokens, SK4). The platform
 * must read a streamId back (records show it; uploads are verified with it as the HMAC key): encrypted, not hashed.
 */
import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { RUNTIME_CONFIG } from '@dcp/runtime';
import type { PermissionConfig } from '../permission-config';
import { SecretBox } from '@dcp/signing';
import { type CameraStream, STREAM_ID_BYTES, type StoredCameraStream } from './camera-stream';

const context = (s: Pick<StoredCameraStream, 'ipcMac' | 'userId'>) => `camera-stream:${s.ipcMac}:${s.userId}`;

@Injectable()
export class StreamSecrets {
  private readonly box: SecretBox;

  constructor(@Inject(RUNTIME_CONFIG) config: PermissionConfig) {
    this.box = new SecretBox(config.secretsKey, config.secretsKeyPrevious);
  }

  /** The ciphertext of a new streamId (128 random bits) for this device and owner. */
  newStreamCiphertext(owner: Pick<StoredCameraStream, 'ipcMac' | 'userId'>): string {
    return this.box.encrypt(randomBytes(STREAM_ID_BYTES).toString('hex'), context(owner));
  }

  open(stored: StoredCameraStream): CameraStream {
    const { streamCiphertext, ...rest } = stored;
    return { ...rest, streamId: this.box.decrypt(streamCiphertext, context(stored)) };
  }

  get currentPrefix(): string {
    return this.box.currentPrefix;
  }

  reencrypt(stored: StoredCameraStream): StoredCameraStream {
    return { ...stored, streamCiphertext: this.box.reencrypt(stored.streamCiphertext, context(stored)) };
  }
}
