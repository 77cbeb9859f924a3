/**
 * record.play (spec 4.5, 2.8): `recordUrl` (http://) and `secureUrl` (https://) of one signed HLS playlist on
 * `{store_url}` covering recordSt … recordSt + playWindowSeconds (6 h), valid for playbackUrlTtlSeconds (1 h).
 * No recording in that window → 000006 naming recordSt.
 */
import { Inject, Injectable } from '@nestjs/common';
import { type CallOf, ErrorCode, type GatewayResult, PlatformError, STORAGE_LIMITS } from '@dcp/contracts';
import { RUNTIME_CLOCK, RUNTIME_CONTEXT, type Clock, type RuntimeContext } from '@dcp/runtime';
import { PLAYBACK_SIGNER } from '../infrastructure/playback-key';
import { PlaybackSigner, playlistUrl, withScheme } from '../playback/playback-signer';
import { SegmentRepository } from '../recordings/segment.repository';
import { SessionAuthenticator } from '../session/session-authenticator';
import { streamSession } from './stream-session';

@Injectable()
export class RecordPlayUseCase {

  constructor(
    @Inject(RUNTIME_CONTEXT) private readonly ctx: RuntimeContext,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
    @Inject(PLAYBACK_SIGNER) private readonly signer: PlaybackSigner,
    private readonly auth: SessionAuthenticator,
    private readonly segments: SegmentRepository,
  ) {}

  async execute({ params }: CallOf<'recordPlay'>): Promise<GatewayResult> {
    const now = this.clock.now();
    const session = streamSession(params, now);
    // Whole seconds: record times are whole seconds in both accepted forms.
    const from = Math.floor(params.recordSt);
    const userId = await this.auth.authenticate(session);
    const to = from + STORAGE_LIMITS.playWindowSeconds;
    if (!(await this.segments.hasOverlapping(session.macAddr, userId, from, to))) {
      throw new PlatformError(ErrorCode.FC_INVALID_PARAMETER, `parameter recordSt: the device has no recording between recordSt and ${STORAGE_LIMITS.playWindowSeconds / 3600} hours later`);
    }
    const expires = Math.floor(now / 1000) + STORAGE_LIMITS.playbackUrlTtlSeconds;
    const sig = this.signer.sign({ kind: 'playlist', macAddr: session.macAddr, from, to }, expires);
    const storeUrl = this.ctx.config.publicStoreUrl;
    return {
      extra: {
        recordUrl: playlistUrl(withScheme(storeUrl, 'http'), session.macAddr, from, to, expires, sig),
        secureUrl: playlistUrl(withScheme(storeUrl, 'https'), session.macAddr, from, to, expires, sig),
      },
    };
  }
}
