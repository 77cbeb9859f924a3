/**
 * Records firmware.latest's answers for rollout progress without ever changing or delaying them (docs/decisions.md
 * F19, F23): an answer is queued and goes out at once; the queue is written in batches, one statement per batch,
 * every `FLUSH_INTERVAL_MS` or as soon as `BATCH_SIZE` answers wait, before the progress view counts and when
 * the service stops. A batch that cannot be written (database away, statement refused) is logged and counted
 * (`dcp_firmware_progress_not_recorded_total`), its answers are dropped, and the answers themselves were not
 * affected.
 *
 * At most one write per device, versions and answer every `RECORD_INTERVAL_MS` on each replica: a device asking
 * again with nothing changed only moves its time forward, and the progress windows (24 h, 7 d) do not need that
 * to the minute. Anything that differs (another version, answer or release) is queued at once.
 */
import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { FirmwareMetrics, type OfferMetrics } from '../common/firmware-metrics';
import type { RolloutCheck } from './rollout-check';
import { RolloutCheckRepository, type RolloutCheckStore } from './rollout-check.repository';

/** How long a recorded answer is not written again when repeated unchanged. */
export const RECORD_INTERVAL_MS = 10 * 60_000;
/** Answers remembered per replica (about 100 bytes each); the least recently recorded go first. */
export const REMEMBERED_ANSWERS = 100_000;
/** The longest an answer waits in the queue. */
export const FLUSH_INTERVAL_MS = 1_000;
/** A batch this large is written at once. */
export const BATCH_SIZE = 500;
/** Answers waiting beyond this (the database is slower than the answers) are dropped and counted. */
export const MAX_QUEUED = 20_000;

@Injectable()
export class RolloutRecorder implements OnApplicationShutdown {
  private readonly logger = new Logger('firmware-progress');
  /** Answer key → when it was last queued (epoch ms), in the order queued (oldest first). */
  private readonly written = new Map<string, number>();
  /** Answers waiting to be written, one per key (the latest). */
  private queued = new Map<string, RolloutCheck>();
  private timer: NodeJS.Timeout | undefined;
  /** Answers handed to a batch whose write has not finished. */
  private inFlight = 0;
  /** The batch being written, so that a flush waits for the one before it (batches commit in order). */
  private writing: Promise<void> = Promise.resolve();

  constructor(
    @Inject(RolloutCheckRepository) private readonly checks: RolloutCheckStore,
    @Inject(FirmwareMetrics) private readonly metrics: OfferMetrics,
  ) {}

  /** Queues the answer; never rejects, never waits for the database. */
  record(check: RolloutCheck): void {
    const key = `${check.modelId}|${check.macAddr}|${check.fromSystem}|${check.fromApp}|${check.outcome}|${check.offeredReleaseId}`;
    const at = check.at.getTime();
    const last = this.written.get(key);
    if (last !== undefined && at - last < RECORD_INTERVAL_MS && at >= last) return;
    if (this.queued.size + this.inFlight >= MAX_QUEUED && !this.queued.has(key)) {
      this.metrics.progressNotRecorded();
      return;
    }
    this.remember(key, at);
    this.queued.set(key, check);
    if (this.queued.size >= BATCH_SIZE) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), FLUSH_INTERVAL_MS).unref();
  }

  /** Writes everything queued so far; resolves when it is written (or counted as not recorded). Never rejects. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.queued;
    this.queued = new Map();
    this.inFlight += batch.size;
    this.writing = this.writing.then(() => this.write(batch)).finally(() => (this.inFlight -= batch.size));
    return this.writing;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.flush();
  }

  private async write(batch: Map<string, RolloutCheck>): Promise<void> {
    if (batch.size === 0) return;
    try {
      await this.checks.record([...batch.values()]);
    } catch (err) {
      // Not remembered: the next answer of each is queued again.
      for (const key of batch.keys()) this.written.delete(key);
      this.metrics.progressNotRecorded(batch.size);
      this.logger.warn(`rollout progress of ${batch.size} answer(s) not recorded: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  private remember(key: string, at: number): void {
    this.written.delete(key);
    this.written.set(key, at);
    if (this.written.size > REMEMBERED_ANSWERS) this.written.delete(this.written.keys().next().value as string);
  }
}
