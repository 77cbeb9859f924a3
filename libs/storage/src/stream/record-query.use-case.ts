/**
 * record.query (spec 4.5, 2.8): `recordList` = the clips of the device overlapping [recordSt, recordEt],
 * each `[start, end, type]` as strings of epoch seconds (clips.ts).
 */
import { Inject, Injectable } from '@nestjs/common';
import type { GatewayCall, GatewayResult } from '@dcp/contracts';
import { RUNTIME_CONTEXT, type RuntimeContext } from '@dcp/runtime';
import { groupClips, toRecordList } from '../recordings/clips';
import { SegmentRepository } from '../recordings/segment.repository';
import { SessionAuthenticator } from '../session/session-authenticator';
import { queryRange, streamSession } from './stream-params';

@Injectable()
export class RecordQueryUseCase {
  constructor(
    @Inject(RUNTIME_CONTEXT) private readonly ctx: RuntimeContext,
    private readonly auth: SessionAuthenticator,
    private readonly segments: SegmentRepository,
  ) {}

  async execute(call: GatewayCall): Promise<GatewayResult> {
    const session = streamSession(call, this.ctx.clock.now());
    const range = queryRange(call);
    const userId = await this.auth.authenticate(session);
    const segments = await this.segments.overlapping(session.macAddr, userId, range.from, range.to);
    return { extra: { recordList: toRecordList(groupClips(segments)) } };
  }
}
