/**
 * Removes rollout progress rows no window can count any more: last seen more than PROGRESS_RETENTION_MS ago
 * (the longest window, 7 days, plus a day so a slow clock or a long purge interval never cuts into it).
 * Batched deletes keep locks short; replicas purging at once only find less to delete.
 */
import { Inject, Injectable } from '@nestjs/common';
import { PROGRESS_WINDOWS } from '@dcp/contracts';
import { Periodic, RUNTIME_CLOCK, type Clock } from '@dcp/runtime';
import { FirmwareMetrics } from '../common/firmware-metrics';
import { RolloutCheckRepository, type RolloutCheckStore } from './rollout-check.repository';

export const PROGRESS_RETENTION_MS = PROGRESS_WINDOWS.last7d + 24 * 3_600_000;
/** The rows age by the day: an hourly purge keeps at most an hour's worth beyond the retention. */
export const PROGRESS_PURGE_INTERVAL_MS = 3_600_000;
const BATCH = 5_000;

@Injectable()
export class RolloutCheckPurger {
  constructor(
    @Inject(RolloutCheckRepository) private readonly checks: RolloutCheckStore,
    private readonly metrics: FirmwareMetrics,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
  ) {}

  /** Resolves with how many rows went; the host runs it at start and then hourly (on every replica, harmless). */
  @Periodic({ name: 'rollout progress purge', everyMs: PROGRESS_PURGE_INTERVAL_MS })
  async purgeOnce(): Promise<number> {
    const cutoff = new Date(this.clock.now() - PROGRESS_RETENTION_MS);
    let total = 0;
    for (;;) {
      const n = await this.checks.purgeSeenBefore(cutoff, BATCH);
      total += n;
      if (n < BATCH) break;
    }
    if (total > 0) this.metrics.progressPurged(total);
    return total;
  }
}
