/**
 * ADMIN_LOOKUP_RPC.recordingSummary: the recordings part of the operator's device view. The edge has just
 * read the device's owner from device-service; like every query that serves a user, only that owner's
 * segments count (segment.repository.ts), and the plan is the one that owner's camera uploaded under
 * (storage.device_plan). Today's uploads are the device's count against its quota (storage.device_usage,
 * per device and UTC day, whoever owned it).
 */
import { Inject, Injectable } from '@nestjs/common';
import type { RecordingSummary } from '@dcp/contracts';
import { ADMIN_LOOKUP_RPC } from '@dcp/contracts';
import { RUNTIME_CLOCK, RUNTIME_CONFIG, type Clock, ServesRpc } from '@dcp/runtime';
import { DevicePlans } from '../camera/device-plans';
import { DeviceQuotas } from '../camera/device-quotas';
import { FootageIndex } from '../recordings/footage-index';
import { SegmentRepository } from '../recordings/segment.repository';
import type { StorageConfig } from '../storage-config';
import { isoDay } from './admin-days';

const DAY_MS = 86_400_000;

@Injectable()
export class RecordingSummaryUseCase {
  constructor(
    private readonly segments: SegmentRepository,
    private readonly index: FootageIndex,
    private readonly plans: DevicePlans,
    private readonly quotas: DeviceQuotas,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
    @Inject(RUNTIME_CONFIG) private readonly config: Pick<StorageConfig, 'cameraUploads'>,
  ) {}

  @ServesRpc(ADMIN_LOOKUP_RPC.recordingSummary, 'admin.recording_summary')
  async execute(request: { userId: number; macAddr: string }): Promise<RecordingSummary> {
    const today = Math.floor(this.clock.now() / DAY_MS);
    const [days, summary, plan, usage] = await Promise.all([
      this.index.recordedDays(request.macAddr, request.userId),
      this.segments.summary(request.macAddr, request.userId),
      this.plans.find(request.macAddr, request.userId),
      this.quotas.usageOn(request.macAddr, today),
    ]);
    return {
      days: days.map(isoDay),
      segments: summary.segments,
      bytes: summary.bytes,
      firstStart: summary.firstStart,
      lastEnd: summary.lastEndMs === null ? null : Math.ceil(summary.lastEndMs / 1000),
      plan: plan ? { retentionDays: plan.retentionDays, planEndsAt: plan.planEndsAt, graceEndsAt: plan.planEndsAt + this.config.cameraUploads.graceDays * DAY_MS } : null,
      uploadedToday: { bytes: usage?.bytes ?? 0, segments: usage?.segments ?? 0 },
    };
  }
}
