/**
 * STORAGE_RPC.ingestSegment: stores one MPEG-TS segment of a device under its current owner. Order: input
 * (ADMIN_VALIDATION_FAILED naming the field) → the device has an owner (ADMIN_CONFLICT otherwise) → the
 * upload's guard deletion is enqueued → bytes to the object store → the row (removing the guard) → the owner
 * is asked again: a device unbound meanwhile gets its row removed again and ADMIN_CONFLICT, so no segment
 * outlives the unbind event that would have purged it. The same segment sent again answers the stored one.
 */
import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode, type IngestSegmentRequest, PlatformError, type SegmentView, STORAGE_RPC } from '@dcp/contracts';
import { isUniqueViolation } from '@dcp/database';
import { RUNTIME_CLOCK, RUNTIME_METRICS, type Clock, type PlatformMetrics, serviceDatabaseToken, ServesRpc } from '@dcp/runtime';
import type { StorageDatabase } from '../storage-database.types';
import { OBJECT_STORE, type ObjectStore, segmentObjectKey } from '../objects/object-store';
import { ObjectDeletions, UPLOAD_GRACE_MS } from '../retention/object-deletions';
import { RetentionSweeper } from '../retention/retention-sweeper';
import { SessionAuthenticator } from '../session/session-authenticator';
import { parseIngestInput } from './ingest-input';
import type { Segment } from './segment';
import { toSegmentView } from './segment.mapper';
import { type NewSegment, SegmentRepository } from './segment.repository';

@Injectable()
export class IngestSegmentUseCase {
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

  @ServesRpc(STORAGE_RPC.ingestSegment, 'ingest_segment')
  async execute(req: IngestSegmentRequest): Promise<SegmentView> {
    const input = parseIngestInput(req, this.clock.now());
    const owner = await this.owners.currentOwner(input.macAddr);
    if (owner === undefined) throw new PlatformError(ErrorCode.ADMIN_CONFLICT, `device ${input.macAddr} has no owner: bind it before storing its recordings`);

    const id = randomUUID();
    const objectKey = segmentObjectKey(input.macAddr, id);
    await this.deletions.enqueue([objectKey], new Date(this.clock.now() + UPLOAD_GRACE_MS));
    await this.store.put(objectKey, input.bytes);
    const fresh = { id, macAddr: input.macAddr, userId: owner, start: input.start, durationMs: input.durationMs, type: input.type, objectKey, bytes: input.bytes.length };
    const segment = await this.segments.insert(fresh).catch(async (err: unknown) => {
      if (!isUniqueViolation(err)) throw err;
      return this.alreadyStored(fresh);
    });
    if (segment.id !== id) return toSegmentView(segment);

    const ownerNow = await this.owners.currentOwner(input.macAddr);
    if (ownerNow !== owner) {
      await this.db.client.$transaction(async (tx) => {
        const keys = await this.segments.removeById(tx, id);
        await this.deletions.enqueue(keys, new Date(this.clock.now()), tx);
      });
      this.sweeper.poke();
      throw new PlatformError(ErrorCode.ADMIN_CONFLICT, `device ${input.macAddr} was unbound while the segment was stored; it was discarded`);
    }
    this.metrics.increment('dcp_storage_ingested_bytes_total', {}, input.bytes.length);
    return toSegmentView(segment);
  }

  /**
   * The same segment again (a recorder retrying an upload whose answer it lost): the stored one is the answer,
   * and this upload's object goes now instead of after its guard's grace period. Another segment at the same
   * start second and type is a conflict.
   */
  private async alreadyStored(fresh: NewSegment): Promise<Segment> {
    const stored = await this.segments.findSame(fresh);
    await this.deletions.expedite([fresh.objectKey], new Date(this.clock.now()));
    this.sweeper.poke();
    if (stored && stored.durationMs === fresh.durationMs && stored.bytes === fresh.bytes) return stored;
    throw new PlatformError(ErrorCode.ADMIN_CONFLICT, `device ${fresh.macAddr} already has a different type-${fresh.type} segment starting at ${fresh.start}`);
  }
}
