/** After a SECRETS_KEY rotation, moves the camera streams' streamIds to the new key (SK2). */
import { Injectable } from '@nestjs/common';
import { SecretReencryptionJob } from '@dcp/runtime';
import type { StoredCameraStream } from './streams/camera-stream';
import { CameraStreamRepository } from './streams/camera-stream.repository';
import { StreamSecrets } from './streams/stream-secrets';

@Injectable()
export class ReencryptPermissionSecretsJob extends SecretReencryptionJob {
  constructor(streams: CameraStreamRepository, secrets: StreamSecrets) {
    super('permission-service', {
      'camera streams': {
        stale: (after: StoredCameraStream | undefined, limit: number) => streams.stale(after, limit, secrets.currentPrefix),
        reencrypt: (stream: StoredCameraStream) => secrets.reencrypt(stream),
        replace: (read: StoredCameraStream, reencrypted: StoredCameraStream) => streams.replaceCiphertext(read, reencrypted),
      },
    });
  }
}
