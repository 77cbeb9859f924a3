/**
 * PUSH_RPC.picture, `GET /push/v1/pictures/<messageId>.jpg?expires&sig` (decisions PS5): the JPEG of a signed
 * URL. A tampered or expired URL is 403, a message deleted or purged meanwhile 404 (`extra.httpStatus`).
 */
import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode, PLAYBACK_HTTP_STATUS, PUSH_RPC, PlatformError } from '@dcp/contracts';
import { RUNTIME_CLOCK, type Clock, ServesRpc } from '@dcp/runtime';
import { MessageRepository } from '../messages/message.repository';
import { PictureUrls } from './picture-urls';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

@Injectable()
export class GetPictureUseCase {
  constructor(
    private readonly messages: MessageRepository,
    private readonly urls: PictureUrls,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
  ) {}

  @ServesRpc(PUSH_RPC.picture, 'picture')
  async execute(req: { messageId: string; expires: string; sig: string }): Promise<{ contentBase64: string }> {
    const expires = /^\d{1,11}$/.test(req.expires) ? Number(req.expires) : NaN;
    if (!UUID.test(req.messageId) || !(expires * 1000 > this.clock.now()) || !this.urls.signer.verify(req.messageId, req.expires, req.sig)) {
      throw new PlatformError(ErrorCode.FC_INVALID_PARAMETER, 'the picture URL is not signed, altered or expired', { httpStatus: PLAYBACK_HTTP_STATUS.denied });
    }
    const jpeg = await this.messages.picture(req.messageId);
    if (!jpeg) throw new PlatformError(ErrorCode.FC_INVALID_PARAMETER, 'the picture no longer exists', { httpStatus: PLAYBACK_HTTP_STATUS.gone });
    return { contentBase64: jpeg.toString('base64') };
  }
}
