/**
 * Stores one segment of a device under an owner, for the operator's ingest and the camera upload alike. Order:
 * the upload's guard deletion is enqueued → bytes to the object store → the row (removing the guard) → the
 * owner is asked again: a device unbound meanwhile gets its row removed again and `unbound`, so no segment
 * outlives the unbind event that would have purged it. The same segment sent again (same start second and type,
 * same duration and size) answers the stored one; another one at that start and type is `conflict`.
 */
import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { isUniqueViolation } from '@dcp/database';
import { RUNTIME_CLOCK, RUNTIME_METRICS, type Clock, type PlatformMetrics, serviceDatabaseToken } from '@dcp/runtime';
import type { StorageDatabase } from '../storage-database.types';
import { OBJECT_STORE, type ObjectStore, segmentObjectKey } from '../objects/object-store';
import { ObjectDeletions, UPLOAD_GRACE_MS } from '../retention/object-deletions';
import { RetentionSweeper } from '../retention/retention-sweeper';
import { SessionAuthenticator } from '../session/session-authenticator';
import type { IngestInput } from './ingest-input';
import type { Segment } from './segment';
import { type NewSegment, SegmentRepository } from './segment.repository';

export interface SegmentToWrite extends IngestInput {
  userId: number;
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
    private readonly deletions: ObjectDeletions,
    private readonly owners: SessionAuthenticator,
    private readonly sweeper: RetentionSweeper,
  ) {}

  async write(input: SegmentToWrite): Promise<WriteOutcome> {
    const id = randomUUID();
    const objectKey = segmentObjectKey(input.macAddr, id);
    await this.deletions.enqueue([objectKey], new Date(this.clock.now() + UPLOAD_GRACE_MS));
    await this.store.put(objectKey, input.bytes);
    const fresh: NewSegment = { id, macAddr: input.macAddr, userId: input.userId, start: input.start, durationMs: input.durationMs, type: input.type, objectKey, bytes: input.bytes.length };
    const inserted = await this.segments.insert(fresh).catch((err: unknown) => {
      if (!isUniqueViolation(err)) throw err;
      return undefined;
    });
    if (!inserted) return this.alreadyStored(fresh);

    if ((await this.owners.currentOwner(input.macAddr)) !== input.userId) {
      await this.db.client.$transaction(async (tx) => {
        const keys = await this.segments.removeById(tx, id);
        await this.deletions.enqueue(keys, new Date(this.clock.now()), tx);
      });
      this.sweeper.poke();
      return { kind: 'unbound' };
    }
    this.metrics.increment('dcp_storage_ingested_bytes_total', {}, input.bytes.length);
    return { kind: 'stored', segment: inserted };
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
