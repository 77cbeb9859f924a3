/**
 * What retention lets a user see of a device (decisions CU6): with a cloud-recording plan on record
 * (storage.device_plan), the plan's rolling retention back from now, and nothing once the plan ended more than
 * RECORDING_GRACE_DAYS ago; without one (segments an operator ingested), everything the platform-wide
 * retention (STORAGE_LIMITS.retentionDays) has not purged yet. Playback and the stream operations apply it, so
 * they never show what the sweeper is about to remove. Footage whose purge is not done yet (a device unbound,
 * a user deleted: FootagePurges, CS21) is shown to nobody.
 */
import { Inject, Injectable } from '@nestjs/common';
import { RUNTIME_CLOCK, RUNTIME_CONFIG, type Clock } from '@dcp/runtime';
import { DevicePlans } from '../camera/device-plans';
import type { Segment } from '../recordings/segment';
import type { StorageConfig } from '../storage-config';
import { FootagePurges } from './footage-purges';

const DAY_MS = 86_400_000;

@Injectable()
export class RecordingWindow {
  constructor(
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
    @Inject(RUNTIME_CONFIG) private readonly config: Pick<StorageConfig, 'cameraUploads'>,
    private readonly plans: DevicePlans,
    private readonly purges: FootagePurges,
  ) {}

  /** Epoch ms: footage of the owner's device ending at or before it is not shown (Infinity: none is). */
  async visibleAfterMs(macAddr: string, userId: number): Promise<number> {
    const [plan, purging] = await Promise.all([this.plans.find(macAddr, userId), this.purges.pending(macAddr, userId)]);
    if (purging) return Number.POSITIVE_INFINITY;
    if (!plan) return 0;
    const now = this.clock.now();
    if (now >= plan.planEndsAt + this.config.cameraUploads.graceDays * DAY_MS) return Number.POSITIVE_INFINITY;
    return now - plan.retentionDays * DAY_MS;
  }

  /** The segments retention still shows. */
  async visible(macAddr: string, userId: number, segments: Segment[]): Promise<Segment[]> {
    if (segments.length === 0) return segments;
    const after = await this.visibleAfterMs(macAddr, userId);
    return segments.filter((s) => s.start * 1000 + s.durationMs > after);
  }
}
