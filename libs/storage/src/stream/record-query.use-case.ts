/**
 * record.query (spec 4.5, 2.8): `recordList` = the clips of the device overlapping [recordSt, recordEt],
 * each `[start, end, type]` as strings of epoch seconds (clips.ts); what retention removed is never listed.
 * Read from storage.clip (CS20): the clips overlapping the range, never every segment in it.
 */
import { Inject, Injectable } from '@nestjs/common';
import { type CallOf, ErrorCode, type GatewayResult, PlatformError, STORAGE_LIMITS } from '@dcp/contracts';
import { RUNTIME_CLOCK, type Clock, ServesOperation } from '@dcp/runtime';
import { toRecordList } from '../recordings/clips';
import { FootageIndex } from '../recordings/footage-index';
import { RecordingWindow } from '../retention/recording-window';
import { SessionAuthenticator } from '../session/session-authenticator';
import { streamSession } from './stream-session';

@Injectable()
export class RecordQueryUseCase {
  constructor(
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
    private readonly auth: SessionAuthenticator,
    private readonly index: FootageIndex,
    private readonly window: RecordingWindow,
  ) {}

  @ServesOperation('recordQuery')
  async execute({ params }: CallOf<'recordQuery'>): Promise<GatewayResult> {
    const session = streamSession(params, this.clock.now());
    const range = queryRange(params.recordSt, params.recordEt);
    const userId = await this.auth.authenticate(session);
    const visibleAfterMs = await this.window.visibleAfterMs(session.macAddr, userId);
    const clips = await this.index.recordList(session.macAddr, userId, Math.max(range.from * 1000, visibleAfterMs), range.to);
    return { extra: { recordList: toRecordList(clips) } };
  }
}

/** recordSt ≤ recordEt, at most maxQueryRangeSeconds (31 days) apart (decisions CS5). */
function queryRange(from: number, to: number): { from: number; to: number } {
  if (to < from) throw new PlatformError(ErrorCode.FC_INVALID_PARAMETER, 'parameter recordEt must not be earlier than recordSt');
  if (to - from > STORAGE_LIMITS.maxQueryRangeSeconds) {
    throw new PlatformError(ErrorCode.FC_INVALID_PARAMETER, `parameter recordEt must be at most ${STORAGE_LIMITS.maxQueryRangeSeconds / 86400} days after recordSt`);
  }
  return { from, to };
}
