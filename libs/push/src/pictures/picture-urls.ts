/** The signed URL of a message's picture (decisions PS5), on the API host, valid PUSH_LIMITS.pictureUrlSeconds. */
import { Inject, Injectable } from '@nestjs/common';
import { PUSH_LIMITS } from '@dcp/contracts';
import { RUNTIME_CLOCK, RUNTIME_CONFIG, type Clock } from '@dcp/runtime';
import type { PushConfig } from '../push-config';
import { PictureSigner, derivePictureKey } from './picture-signer';

export const PICTURE_PATH = '/push/v1/pictures';

@Injectable()
export class PictureUrls {
  readonly signer: PictureSigner;

  constructor(
    @Inject(RUNTIME_CONFIG) private readonly config: Pick<PushConfig, 'secretsKey' | 'secretsKeyPrevious' | 'publicBaseUrl'>,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
  ) {
    this.signer = new PictureSigner(derivePictureKey(config.secretsKey), (config.secretsKeyPrevious ?? []).map(derivePictureKey));
  }

  /** The https URL apps read (the http one when the platform's base URL is plain http, as on localhost). */
  of(messageId: string): string {
    const expires = Math.floor(this.clock.now() / 1000) + PUSH_LIMITS.pictureUrlSeconds;
    return `${this.config.publicBaseUrl}${PICTURE_PATH}/${messageId}.jpg?expires=${expires}&sig=${this.signer.sign(messageId, expires)}`;
  }
}
