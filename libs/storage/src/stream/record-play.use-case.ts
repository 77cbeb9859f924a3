/**
 * record.play (spec 4.5, 2.8): `recordUrl` (http://) and `secureUrl` (https://) of one signed HLS playlist on
 * `{store_url}` covering recordSt … recordSt + playWindowSeconds (6 h), valid for playbackUrlTtlSeconds (1 h).
 * No recording in that window → 000006 naming recordSt.
 */
import { Inject, Injectable } from '@nestjs/common';
import { type CallOf, ErrorCode, type GatewayResult, PlatformError, STORAGE_LIMITS } from '@dcp/contracts';
import { RUNTIME_CLOCK, type Clock, ServesOperation } from '@dcp/runtime';
import { PlaylistUrls } from '../playback/playlist-urls';
import { SegmentRepository } from '../recordings/segment.repository';
import { RecordingWindow } from '../retention/recording-window';
import { SessionAuthenticator } from '../session/session-authenticator';
import { streamSession } from './stream-session';

@Injectable()
export class RecordPlayUseCase {
  constructor(
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
    private readonly urls: PlaylistUrls,
    private readonly auth: SessionAuthenticator,
    private readonly segments: SegmentRepository,
    private readonly window: RecordingWindow,
  ) {}

  @ServesOperation('recordPlay')
  async execute({ params }: CallOf<'recordPlay'>): Promise<GatewayResult> {
    const session = streamSession(params, this.clock.now());
    // Whole seconds: record times are whole seconds in both accepted forms.
    const from = Math.floor(params.recordSt);
    const userId = await this.auth.authenticate(session);
    const to = from + STORAGE_LIMITS.playWindowSeconds;
    const visibleAfterMs = await this.window.visibleAfterMs(session.macAddr, userId);
    if (!(await this.segments.hasOverlapping(session.macAddr, userId, from, to, visibleAfterMs))) {
      throw new PlatformError(ErrorCode.FC_INVALID_PARAMETER, `parameter recordSt: the device has no recording between recordSt and ${STORAGE_LIMITS.playWindowSeconds / 3600} hours later`);
    }
    const { recordUrl, secureUrl } = this.urls.issue(session.macAddr, from, to);
    return { extra: { recordUrl, secureUrl } };
  }
}
