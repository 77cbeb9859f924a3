/**
 * Records firmware.latest's answers for rollout progress without ever changing them: a failure to record
 * (database away, statement refused) is logged and counted (`dcp_firmware_progress_not_recorded_total`), and
 * the answer goes out as decided (docs/decisions.md F19).
 *
 * At most one write per device, versions and answer every `RECORD_INTERVAL_MS` on each replica (F23): a device
 * asking again with nothing changed only moves its time forward, and the progress windows (24 h, 7 d) do not
 * need that to the minute. Anything that differs (another version, answer or release) is written at once.
 */
import { Inject, Injectable, Logger } from '@nestjs/common';
import { FirmwareMetrics, type OfferMetrics } from '../common/firmware-metrics';
import type { RolloutCheck } from './rollout-check';
import { RolloutCheckRepository, type RolloutCheckStore } from './rollout-check.repository';

/** How long a recorded answer is not written again when repeated unchanged. */
export const RECORD_INTERVAL_MS = 10 * 60_000;
/** Answers remembered per replica (about 100 bytes each); the least recently recorded go first. */
export const REMEMBERED_ANSWERS = 100_000;

@Injectable()
export class RolloutRecorder {
  private readonly logger = new Logger('firmware-progress');
  /** Answer key → when it was last written (epoch ms), in the order written (oldest first). */
  private readonly written = new Map<string, number>();

  constructor(
    @Inject(RolloutCheckRepository) private readonly checks: RolloutCheckStore,
    @Inject(FirmwareMetrics) private readonly metrics: OfferMetrics,
  ) {}

  /** Never rejects. */
  async record(check: RolloutCheck): Promise<void> {
    const key = `${check.modelId}|${check.macAddr}|${check.fromSystem}|${check.fromApp}|${check.outcome}|${check.offeredReleaseId}`;
    const at = check.at.getTime();
    const last = this.written.get(key);
    if (last !== undefined && at - last < RECORD_INTERVAL_MS && at >= last) return;
    try {
      await this.checks.record(check);
      this.remember(key, at);
    } catch (err) {
      this.metrics.progressNotRecorded();
      this.logger.warn(`rollout progress of model ${check.modelId} not recorded: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  private remember(key: string, at: number): void {
    this.written.delete(key);
    this.written.set(key, at);
    if (this.written.size > REMEMBERED_ANSWERS) this.written.delete(this.written.keys().next().value as string);
  }
}
