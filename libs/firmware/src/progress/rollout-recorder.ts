/**
 * Records firmware.latest's answers for rollout progress without ever changing or delaying them (docs/decisions.md
 * F19, F23): an answer is queued and goes out at once; the queue is written in batches, one transaction per batch
 * (the rows, their devices and the summary the view reads, F24), every `FLUSH_INTERVAL_MS` or as soon as
 * `BATCH_SIZE` answers wait, before the progress view counts and when the service stops. A batch that cannot be
 * written (database away, statement refused) is logged and counted
 * (`dcp_firmware_progress_not_recorded_total{reason="write_failed"}`), its answers are dropped, and the answers
 * themselves were not affected.
 *
 * Only a device bound to the user who asked counts (SDD1): before the write, device-service is asked once per
 * batch (of at most BOUND_DEVICES_MAX_PAIRS pairs) which (user, MAC) pairs are bound now; the others are dropped
 * and counted (`not_bound`). If device-service does not answer, nothing is recorded unverified: the batch goes
 * back to the queue for the next round (within MAX_QUEUED), and what is still unverified when the service
 * stops is counted (`unverified`).
 *
 * At most one write per device, user, versions and answer every `RECORD_INTERVAL_MS` on each replica: a device asking
 * again with nothing changed only moves its time forward, and the progress windows (24 h, 7 d) do not need that
 * to the minute. Anything that differs (another version, answer or release) is queued at once.
 */
import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { BOUND_DEVICES_MAX_PAIRS } from '@dcp/contracts';
import { FirmwareMetrics, type OfferMetrics } from '../common/firmware-metrics';
import { type BoundDeviceLookup, DeviceDirectory, type UserDevicePair } from './device-directory';
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
  /** Set once the service stops: nothing is scheduled again. */
  private stopped = false;
  /** device-service did not answer the last question: retry once per FLUSH_INTERVAL_MS, not per answer. */
  private devicesAway = false;

  constructor(
    @Inject(RolloutCheckRepository) private readonly checks: RolloutCheckStore,
    @Inject(FirmwareMetrics) private readonly metrics: OfferMetrics,
    @Inject(DeviceDirectory) private readonly devices: BoundDeviceLookup,
  ) {}

  /** Queues the answer; never rejects, never waits for the database or device-service. */
  record(check: RolloutCheck): void {
    // The user is part of the key: another user naming the same device is checked (and dropped) on its own.
    const key = `${check.modelId}|${check.macAddr}|${check.userId}|${check.fromSystem}|${check.fromApp}|${check.outcome}|${check.offeredReleaseId}`;
    const at = check.at.getTime();
    const last = this.written.get(key);
    if (last !== undefined && at - last < RECORD_INTERVAL_MS && at >= last) return;
    if (this.queued.size + this.inFlight >= MAX_QUEUED && !this.queued.has(key)) {
      this.metrics.progressNotRecorded('queue_full');
      return;
    }
    this.remember(key, at);
    this.queued.set(key, check);
    if (this.queued.size >= BATCH_SIZE && !this.devicesAway) void this.flush();
    else this.schedule();
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
    this.stopped = true;
    await this.flush();
    // Left in the queue because device-service did not answer: never recorded unverified.
    if (this.queued.size > 0) {
      this.metrics.progressNotRecorded('unverified', this.queued.size);
      this.logger.warn(`rollout progress of ${this.queued.size} answer(s) not recorded: device-service did not confirm the devices before the service stopped`);
      this.queued = new Map();
    }
  }

  private schedule(): void {
    if (!this.stopped) this.timer ??= setTimeout(() => void this.flush(), FLUSH_INTERVAL_MS).unref();
  }

  private async write(batch: Map<string, RolloutCheck>): Promise<void> {
    if (batch.size === 0) return;
    let bound: Map<string, RolloutCheck>;
    try {
      bound = await this.boundOnly(batch);
      this.devicesAway = false;
    } catch (err) {
      // Logged once per outage, not once per round.
      if (!this.devicesAway) this.logger.warn(`rollout progress waits (retried every ${FLUSH_INTERVAL_MS} ms): device-service did not confirm the devices: ${err instanceof Error ? err.message : String(err)}`);
      this.devicesAway = true;
      this.requeue(batch);
      return;
    }
    if (bound.size === 0) return;
    try {
      await this.checks.record([...bound.values()]);
    } catch (err) {
      // Not remembered: the next answer of each is queued again.
      for (const key of bound.keys()) this.written.delete(key);
      this.metrics.progressNotRecorded('write_failed', bound.size);
      this.logger.warn(`rollout progress of ${bound.size} answer(s) not recorded: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  /**
   * The answers of the batch whose device is bound to the user who asked, asked of device-service once per
   * BOUND_DEVICES_MAX_PAIRS distinct pairs (one per batch unless the queue grew while it was away). The others
   * are counted and forgotten, so a device asked about during set-up is recorded as soon as it asks again
   * after being bound, and random MACs do not push genuine answers out of the remembered ones.
   */
  private async boundOnly(batch: Map<string, RolloutCheck>): Promise<Map<string, RolloutCheck>> {
    const pairs = new Map<string, UserDevicePair>();
    for (const check of batch.values()) pairs.set(pairKey(check), { userId: check.userId, macAddr: check.macAddr });
    const all = [...pairs.values()];
    const bound = new Set<string>();
    for (let i = 0; i < all.length; i += BOUND_DEVICES_MAX_PAIRS) {
      for (const pair of await this.devices.boundAmong(all.slice(i, i + BOUND_DEVICES_MAX_PAIRS))) bound.add(pairKey(pair));
    }
    const kept = new Map<string, RolloutCheck>();
    for (const [key, check] of batch) {
      if (bound.has(pairKey(check))) kept.set(key, check);
      else this.written.delete(key);
    }
    if (kept.size < batch.size) this.metrics.progressNotRecorded('not_bound', batch.size - kept.size);
    return kept;
  }

  /**
   * Puts a batch device-service did not confirm back in the queue for the next round, behind nothing newer of
   * the same key and within MAX_QUEUED (the rest is counted as `queue_full` and forgotten).
   */
  private requeue(batch: Map<string, RolloutCheck>): void {
    // This batch still counts as in flight until its write settles.
    let room = MAX_QUEUED - (this.queued.size + this.inFlight - batch.size);
    let dropped = 0;
    for (const [key, check] of batch) {
      if (this.queued.has(key)) continue;
      if (room <= 0) {
        this.written.delete(key);
        dropped++;
        continue;
      }
      this.queued.set(key, check);
      room--;
    }
    if (dropped > 0) this.metrics.progressNotRecorded('queue_full', dropped);
    this.schedule();
  }

  private remember(key: string, at: number): void {
    this.written.delete(key);
    this.written.set(key, at);
    if (this.written.size > REMEMBERED_ANSWERS) this.written.delete(this.written.keys().next().value as string);
  }
}

/** The (user, device) a check is verified for. */
const pairKey = (pair: { userId: number; macAddr: string }): string => `${pair.userId}|${pair.macAddr}`;
