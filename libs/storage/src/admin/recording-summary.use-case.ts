/**
 * ADMIN_LOOKUP_RPC.recordingSummary: the recordings part of the operator's device view. The edge has just
 * read the device's owner from device-service; like every query that serves a user, only that owner's
 * segments count (segment.repository.ts).
 */
import { Injectable } from '@nestjs/common';
import type { RecordingSummary } from '@dcp/contracts';
import { SegmentRepository } from '../recordings/segment.repository';
import { isoDay } from './admin-days';
import { ServesRpc } from '@dcp/runtime';
import { ADMIN_LOOKUP_RPC } from '@dcp/contracts';

@Injectable()
export class RecordingSummaryUseCase {
  constructor(private readonly segments: SegmentRepository) {}

  @ServesRpc(ADMIN_LOOKUP_RPC.recordingSummary, 'admin.recording_summary')
  async execute(request: { userId: number; macAddr: string }): Promise<RecordingSummary> {
    const [days, summary] = await Promise.all([this.segments.recordedDays(request.macAddr, request.userId), this.segments.summary(request.macAddr, request.userId)]);
    return {
      days: days.map(isoDay),
      segments: summary.segments,
      bytes: summary.bytes,
      firstStart: summary.firstStart,
      lastEnd: summary.lastEndMs === null ? null : Math.ceil(summary.lastEndMs / 1000),
    };
  }
}
