/**
 * Purges what retention rules say must go, on every replica: at start, every RETENTION_SWEEP_INTERVAL_MS, and at
 * once after a purge event (poke):
 * 0. purge jobs of device.unbound and user.deleted (CS21), in batches, for up to PURGE_SLICE_MS a sweep;
 * 1. segments their device's cloud-recording plan no longer keeps (its rolling retention; everything once the
 *    plan ended RECORDING_GRACE_DAYS ago, decisions CU6), and segments of devices without a plan whose end is
 *    older than `retentionDays` (30 days): per device and owner, oldest first, rows deleted, keys enqueued and the
 *    hours and clips updated in one transaction per batch (CS20);
 * 2. cameras' quota counts of days before yesterday;
 * 3. due object deletions (purges, retention, orphaned uploads): deleted from the object store.
 * One sweep at a time per process; replicas share the work through SKIP LOCKED.
 */
import { Inject, Injectable, Logger } from '@nestjs/common';
import { STORAGE_LIMITS } from '@dcp/contracts';
import { HostedPart, RUNTIME_CLOCK, RUNTIME_CONFIG, RUNTIME_METRICS, SERVICE_EVENTS, type Clock, type PlatformMetrics, type ServiceEvents, serviceDatabaseToken } from '@dcp/runtime';
import type { StorageDatabase, StorageTransaction } from '../storage-database.types';
import type { StorageConfig } from '../storage-config';
import { DeviceQuotas } from '../camera/device-quotas';
import { OBJECT_STORE, type ObjectStore } from '../objects/object-store';
import { FootageIndex } from '../recordings/footage-index';
import { type RemovedSegment, SegmentRepository } from '../recordings/segment.repository';
import { FootagePurges, PURGE_JOB_KEEP_MS } from './footage-purges';
import { ObjectDeletions } from './object-deletions';

const BATCH = 500;
/** Devices (and owners) a sweep expires footage of, per rule; the rest wait for the next sweep. */
const DEVICES_PER_SWEEP = 200;
/** How long a sweep works on purge jobs before it moves on (and pokes the next sweep). */
const PURGE_SLICE_MS = 5_000;
/** The purge-job gauge counts pending jobs up to this many. */
const PENDING_JOBS_GAUGE_CAP = 10_000;
/** The object-deletion gauge counts due entries up to this many (a scrape never reads more rows). */
const PENDING_GAUGE_CAP = 10_000;

export interface SweepResult {
  expiredSegments: number;
  deletedObjects: number;
  /** Segments purge jobs deleted (device.unbound, user.deleted: CS21). */
  purgedSegments: number;
}

/** Started after the consumer (a purge it applies pokes a sweep, so objects go right after the commit). */
@Injectable()
@HostedPart({ stage: 'last' })
export class RetentionSweeper {
  private readonly logger = new Logger('storage-retention');
  private timer?: NodeJS.Timeout;
  /** Sweeps run one after the other: each waits for the previous one. */
  private chain: Promise<unknown> = Promise.resolve();
  /** A poked sweep is waiting to start (it will see everything committed before it starts). */
  private queued = false;
  private stopped = false;
  private unobserve?: () => void;

  constructor(
    @Inject(RUNTIME_METRICS) private readonly metrics: PlatformMetrics,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
    @Inject(serviceDatabaseToken('storage')) private readonly db: StorageDatabase,
    @Inject(OBJECT_STORE) private readonly store: ObjectStore,
    private readonly segments: SegmentRepository,
    private readonly deletions: ObjectDeletions,
    @Inject(SERVICE_EVENTS) private readonly events: Pick<ServiceEvents<never>, 'onHandled'>,
    @Inject(RUNTIME_CONFIG) private readonly config: Pick<StorageConfig, 'cameraUploads' | 'retentionSweepIntervalMs'>,
    private readonly quotas: DeviceQuotas,
    private readonly index: FootageIndex,
    private readonly purges: FootagePurges,
  ) {}

  start(): void {
    this.unobserve = this.events.onHandled((handled) => {
      if (handled.outcome === 'applied') this.poke();
    });
    this.metrics.sample('dcp_storage_object_deletions_pending', async () => [{ labels: {}, value: await this.deletions.pendingDue(new Date(this.clock.now()), PENDING_GAUGE_CAP) }]);
    this.metrics.sample('dcp_storage_purge_jobs_pending', async () => [{ labels: {}, value: await this.purges.pendingJobs(PENDING_JOBS_GAUGE_CAP) }]);
    this.poke();
    this.timer = setInterval(() => this.poke(), this.config.retentionSweepIntervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.unobserve?.();
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.chain.catch(() => undefined);
  }

  /** Sweep soon (once the sweep in progress is done); failures are logged, the next sweep retries. */
  poke(): void {
    if (this.queued || this.stopped) return;
    this.queued = true;
    this.sweep().catch((err) => this.logger.error(`sweep failed: ${err instanceof Error ? err.message : String(err)}`));
  }

  /** Runs one sweep after the one in progress (if any); resolves with what it purged. */
  sweep(): Promise<SweepResult> {
    const next = this.chain
      .catch(() => undefined)
      .then(() => {
        this.queued = false;
        return this.run();
      });
    this.chain = next;
    return next;
  }

  private async run(): Promise<SweepResult> {
    const now = this.clock.now();
    const cutoffMs = now - STORAGE_LIMITS.retentionDays * 86_400_000;
    const graceMs = this.config.cameraUploads.graceDays * 86_400_000;
    const purge = await this.purgeFootage(now);
    let expiredSegments = 0;
    for (const { macAddr, userId } of await this.segments.beyondPlan(now, graceMs, DEVICES_PER_SWEEP)) {
      expiredSegments += await this.expire(macAddr, userId, now, (tx) => this.segments.removeBeyondPlan(tx, macAddr, userId, now, graceMs, BATCH));
    }
    for (const { macAddr, userId } of await this.segments.endedBefore(cutoffMs, DEVICES_PER_SWEEP)) {
      expiredSegments += await this.expire(macAddr, userId, now, (tx) => this.segments.removeEndedBefore(tx, macAddr, userId, cutoffMs, BATCH));
    }
    await this.purges.forgetFinished(new Date(now - PURGE_JOB_KEEP_MS), BATCH);
    // Quota counts of days before yesterday are never read again (CU7); yesterday's stays for the admin look-up.
    await this.quotas.forgetDaysBefore(Math.floor(now / 86_400_000) - 1);
    let deletedObjects = 0;
    for (;;) {
      const n = await this.deletions.processDue(now, BATCH, (keys) => this.store.delete(keys));
      deletedObjects += n;
      if (n < BATCH) break;
    }
    if (expiredSegments > 0 || deletedObjects > 0 || purge.purged > 0) {
      this.metrics.increment('dcp_storage_purged_total', { kind: 'expired-segments' }, expiredSegments);
      this.metrics.increment('dcp_storage_purged_total', { kind: 'purged-segments' }, purge.purged);
      this.metrics.increment('dcp_storage_purged_total', { kind: 'objects' }, deletedObjects);
      this.logger.log(`retention: ${expiredSegments} expired segment(s), ${purge.purged} purged segment(s), ${deletedObjects} object(s) deleted`);
    }
    // Purge jobs left for want of time: another sweep right after this one (objects of this one's batches went first).
    if (purge.more) this.poke();
    return { expiredSegments, deletedObjects, purgedSegments: purge.purged };
  }

  /**
   * Purge jobs (CS21), batch after batch for up to PURGE_SLICE_MS, so that a sweep also deletes the objects and
   * expires footage in between; `more` when a job is left.
   */
  private async purgeFootage(now: number): Promise<{ purged: number; more: boolean }> {
    const started = Date.now();
    let purged = 0;
    for (;;) {
      if (this.stopped) return { purged, more: false };
      const batch = await this.purges.runBatch(new Date(now));
      if (!batch) return { purged, more: false };
      purged += batch.purged;
      if (batch.done) this.logger.log(`purge job ${batch.jobId} done (user ${batch.userId}${batch.macAddr ? `, device ${batch.macAddr}` : ''})`);
      if (Date.now() - started >= PURGE_SLICE_MS) return { purged, more: true };
    }
  }

  /** One device and owner's expired segments, a batch per transaction under its footage lock (skipped while another replica holds it). */
  private async expire(macAddr: string, userId: number, now: number, remove: (tx: StorageTransaction) => Promise<RemovedSegment[]>): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.db.client.$transaction(async (tx) => {
        if (!(await this.index.tryLock(tx, macAddr, userId))) return 0;
        const removed = await remove(tx);
        await this.deletions.enqueue(
          removed.map((r) => r.objectKey),
          new Date(now),
          tx,
        );
        await this.index.segmentsRemoved(tx, macAddr, userId, removed, true);
        return removed.length;
      });
      total += n;
      if (n < BATCH) return total;
    }
  }
}
