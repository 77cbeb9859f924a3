/** Counters of firmware-service on the host's /metrics (Prometheus text), beside ServiceOperations' outcomes. */
import { Inject, Injectable } from '@nestjs/common';
import { RUNTIME_METRICS, type PlatformMetrics } from '@dcp/runtime';

export type Offer = 'system' | 'app' | 'none';

/**
 * Why an answer of firmware.latest was not recorded for rollout progress: `not_bound` the device is not bound to
 * the user who asked (SDD1) · `write_failed` the batch's write failed · `queue_full` more answers waited than the
 * queue holds · `unverified` device-service did not answer before the service stopped (never recorded unverified).
 */
export type NotRecordedReason = 'not_bound' | 'write_failed' | 'queue_full' | 'unverified';

/** What firmware.latest records (FirmwareMetrics; a recording fake in unit specs). */
export interface OfferMetrics {
  offered(offer: Offer): void;
  /** Answers of firmware.latest that rollout progress did not record, and why (the answers went out anyway). */
  progressNotRecorded(reason: NotRecordedReason, count?: number): void;
}

@Injectable()
export class FirmwareMetrics implements OfferMetrics {
  constructor(@Inject(RUNTIME_METRICS) private readonly metrics: PlatformMetrics) {}

  /** What a successful firmware.latest offered: a system release, an application release, or nothing (up to date). */
  offered(offer: Offer): void {
    this.metrics.increment('dcp_firmware_offers_total', { offer });
  }

  progressNotRecorded(reason: NotRecordedReason, count = 1): void {
    this.metrics.increment('dcp_firmware_progress_not_recorded_total', { reason }, count);
  }

  /** Rollout progress rows the purge removed (older than the longest window plus a day). */
  progressPurged(rows: number): void {
    this.metrics.increment('dcp_firmware_progress_purged_rows_total', {}, rows);
  }
}
