/**
 * Stores one segment of a device under an owner, for the operator's ingest and the camera upload alike. Order:
 * the upload's guard deletion is enqueued (here, or by the caller's admission) → bytes to the object store → the
 * row (removing the guard) → the owner is asked again (device-service, or the caller's `stillOwner`): a device
 * unbound meanwhile gets its row removed again and `unbound`, so no segment outlives the unbind event that
 * would have purged it (its hours and clip go with it, CS20). The same segment sent again (same start second and type,
 * same duration and size) answers the stored one; another one at that start and type is `conflict`.
 */
import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { RUNTIME_CLOCK, RUNTIME_METRICS, type Clock, type PlatformMetrics, serviceDatabaseToken } from '@dcp/runtime';
import type { StorageDatabase } from '../storage-database.types';
import { OBJECT_STORE, type ObjectStore, segmentObjectKey } from '../objects/object-store';
import { ObjectDeletions, UPLOAD_GRACE_MS } from '../retention/object-deletions';
import { RetentionSweeper } from '../retention/retention-sweeper';
import { SessionAuthenticator } from '../session/session-authenticator';
import type { IngestInput } from './ingest-input';
import type { Segment } from './segment';
import { FootageIndex } from './footage-index';
import { type NewSegment, SegmentRepository } from './segment.repository';

export interface SegmentToWrite extends IngestInput {
  userId: number;
}

/** How a write is prepared and confirmed by its caller (camera uploads, decisions CU10, CU11). */
export interface WriteOptions {
  /** The object's id and key, its guard already queued (UploadAdmission): no guard is queued here. */
  guarded?: { id: string; objectKey: string };
  /** Whether the device is still the owner's once the row is written (default: device-service is asked). */
  stillOwner?: () => Promise<boolean>;
}

export type WriteOutcome =
  | { kind: 'stored'; segment: Segment }
  | { kind: 'duplicate'; segment: Segment }
  | { kind: 'conflict'; stored: Segment | undefined }
  | { kind: 'unbound' };

@Injectable()
export class SegmentWriter {
  constructor(
    @Inject(RUNTIME_METRICS) private readonly metrics: PlatformMetrics,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
    @Inject(serviceDatabaseToken('storage')) private readonly db: StorageDatabase,
    @Inject(OBJECT_STORE) private readonly store: ObjectStore,
    private readonly segments: SegmentRepository,
    private readonly index: FootageIndex,
    private readonly deletions: ObjectDeletions,
    private readonly owners: SessionAuthenticator,
    private readonly sweeper: RetentionSweeper,
  ) {}

  async write(input: SegmentToWrite, options: WriteOptions = {}): Promise<WriteOutcome> {
    const { id, objectKey } = options.guarded ?? (await this.guard(input.macAddr));
    await this.store.put(objectKey, input.bytes);
    const fresh: NewSegment = { id, macAddr: input.macAddr, userId: input.userId, start: input.start, durationMs: input.durationMs, type: input.type, objectKey, bytes: input.bytes.length };
    const inserted = await this.segments.insert(fresh);
    if (!inserted) return this.alreadyStored(fresh);

    const stillOwner = options.stillOwner ? await options.stillOwner() : (await this.owners.currentOwner(input.macAddr)) === input.userId;
    if (!stillOwner) {
      await this.db.client.$transaction(async (tx) => {
        await this.index.lock(tx, input.macAddr, input.userId);
        const removed = await this.segments.removeById(tx, id);
        await this.deletions.enqueue(removed.map((r) => r.objectKey), new Date(this.clock.now()), tx);
        await this.index.segmentsRemoved(tx, input.macAddr, input.userId, removed);
      });
      this.sweeper.poke();
      return { kind: 'unbound' };
    }
    this.metrics.increment('dcp_storage_ingested_bytes_total', {}, input.bytes.length);
    return { kind: 'stored', segment: inserted };
  }

  /** A new object id and key for the device, its deletion queued (due after UPLOAD_GRACE_MS) until a row takes it. */
  async guard(macAddr: string): Promise<{ id: string; objectKey: string }> {
    const id = randomUUID();
    const objectKey = segmentObjectKey(macAddr, id);
    await this.deletions.enqueue([objectKey], this.guardDue());
    return { id, objectKey };
  }

  /** When an upload's guard deletes its object if no row took it. */
  guardDue(): Date {
    return new Date(this.clock.now() + UPLOAD_GRACE_MS);
  }

  /**
   * The same segment again (a recorder retrying an upload whose answer it lost): the stored one is the answer,
   * and this upload's object goes now instead of after its guard's grace period.
   */
  private async alreadyStored(fresh: NewSegment): Promise<WriteOutcome> {
    const stored = await this.segments.findSame(fresh);
    await this.deletions.expedite([fresh.objectKey], new Date(this.clock.now()));
    this.sweeper.poke();
    if (stored && stored.durationMs === fresh.durationMs && stored.bytes === fresh.bytes) return { kind: 'duplicate', segment: stored };
    return { kind: 'conflict', stored };
  }
}
