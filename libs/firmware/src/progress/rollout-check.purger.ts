/**
 * Removes rollout progress rows no window can count any more: last seen more than PROGRESS_RETENTION_MS ago
 * (the longest window, 7 days, plus a day so a slow clock or a long purge interval never cuts into it), and
 * the summary rows of those hours once they count no device (docs/decisions.md F25). Each batch is one short
 * transaction through an index, costing its own size whatever the tables hold; it takes the purged devices
 * out of the summary in the same transaction (F24). At most MAX_BATCHES_PER_PASS batches a pass: a larger
 * backlog is worked off over the next passes (windows never reach those rows, so waiting changes no count).
 * Replicas purging at once only find less to delete.
 */
import { Inject, Injectable } from '@nestjs/common';
import { PROGRESS_WINDOWS } from '@dcp/contracts';
import { Periodic, RUNTIME_CLOCK, type Clock } from '@dcp/runtime';
import { FirmwareMetrics } from '../common/firmware-metrics';
import { RolloutCheckRepository, type RolloutCheckStore } from './rollout-check.repository';

export const PROGRESS_RETENTION_MS = PROGRESS_WINDOWS.last7d + 24 * 3_600_000;
/** The rows age by the day: an hourly purge keeps at most an hour's worth beyond the retention. */
export const PROGRESS_PURGE_INTERVAL_MS = 3_600_000;
/**
 * Rows (and summary rows) a batch selects. The oldest rows name about as many devices, and each takes its other
 * old rows along: with a million rows, a batch deleted about 3,000 rows in 0.3 s (5,000: 15,000 rows in 1.5 s,
 * holding 5,000 devices' locks that long).
 */
export const PURGE_BATCH = 1_000;
/** At least 50,000 rows an hour: eight times what expires per hour with a million rows written a week. */
export const MAX_BATCHES_PER_PASS = 50;

@Injectable()
export class RolloutCheckPurger {
  constructor(
    @Inject(RolloutCheckRepository) private readonly checks: RolloutCheckStore,
    private readonly metrics: FirmwareMetrics,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
  ) {}

  /** Resolves with how many rollout_check rows went; the host runs it at start and then hourly (on every replica, harmless). */
  @Periodic({ name: 'rollout progress purge', everyMs: PROGRESS_PURGE_INTERVAL_MS })
  async purgeOnce(): Promise<number> {
    const cutoff = new Date(this.clock.now() - PROGRESS_RETENTION_MS);
    let total = 0;
    for (let batch = 0; batch < MAX_BATCHES_PER_PASS; batch++) {
      const n = await this.checks.purgeSeenBefore(cutoff, PURGE_BATCH);
      total += n;
      // Fewer rows than a batch selects: none older is left (or another replica is deleting them).
      if (n < PURGE_BATCH) break;
    }
    for (let batch = 0; batch < MAX_BATCHES_PER_PASS; batch++) {
      if ((await this.checks.forgetEmptyHoursBefore(cutoff, PURGE_BATCH)) < PURGE_BATCH) break;
    }
    if (total > 0) this.metrics.progressPurged(total);
    return total;
  }
}
