/**
 * Records firmware.latest's answers for rollout progress without ever changing them: a failure to record
 * (database away, statement refused) is logged and counted (`dcp_firmware_progress_not_recorded_total`), and
 * the answer goes out as decided (docs/decisions.md F19).
 */
import { Inject, Injectable, Logger } from '@nestjs/common';
import { FirmwareMetrics, type OfferMetrics } from '../common/firmware-metrics';
import type { RolloutCheck } from './rollout-check';
import { RolloutCheckRepository, type RolloutCheckStore } from './rollout-check.repository';

@Injectable()
export class RolloutRecorder {
  private readonly logger = new Logger('firmware-progress');

  constructor(
    @Inject(RolloutCheckRepository) private readonly checks: RolloutCheckStore,
    @Inject(FirmwareMetrics) private readonly metrics: OfferMetrics,
  ) {}

  /** Never rejects. */
  async record(check: RolloutCheck): Promise<void> {
    try {
      await this.checks.record(check);
    } catch (err) {
      this.metrics.progressNotRecorded();
      this.logger.warn(`rollout progress of model ${check.modelId} not recorded: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}
