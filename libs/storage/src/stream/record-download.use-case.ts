/**
 * record.download (decisions CU9): `downloadUrl` (http://) and `secureDownloadUrl` (https://) of one signed MP4
 * of the device's recordings between recordSt and recordEt on `{store_url}`, valid for playbackUrlTtlSeconds.
 * recordEt must be after recordSt and at most maxClipSeconds (10 min) later; no recording in that window (or
 * none retention still shows) → 000006 naming recordSt, as record.play.
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
export class RecordDownloadUseCase {
  constructor(
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
    private readonly urls: PlaylistUrls,
    private readonly auth: SessionAuthenticator,
    private readonly segments: SegmentRepository,
    private readonly window: RecordingWindow,
  ) {}

  @ServesOperation('recordDownload')
  async execute({ params }: CallOf<'recordDownload'>): Promise<GatewayResult> {
    const session = streamSession(params, this.clock.now());
    const from = Math.floor(params.recordSt);
    const to = Math.floor(params.recordEt);
    if (to <= from) throw new PlatformError(ErrorCode.FC_INVALID_PARAMETER, 'parameter recordEt must be later than recordSt');
    if (to - from > STORAGE_LIMITS.maxClipSeconds) throw new PlatformError(ErrorCode.FC_INVALID_PARAMETER, `parameter recordEt must be at most ${STORAGE_LIMITS.maxClipSeconds} seconds after recordSt`);
    const userId = await this.auth.authenticate(session);
    const visibleAfterMs = await this.window.visibleAfterMs(session.macAddr, userId);
    if (!(await this.segments.hasOverlapping(session.macAddr, userId, from, to, visibleAfterMs))) {
      throw new PlatformError(ErrorCode.FC_INVALID_PARAMETER, 'parameter recordSt: the device has no recording between recordSt and recordEt');
    }
    const { downloadUrl, secureDownloadUrl } = this.urls.clip(session.macAddr, from, to);
    return { extra: { downloadUrl, secureDownloadUrl } };
  }
}
