/**
 * STORAGE_RPC.ingestSegment: stores one MPEG-TS segment of a device under its current owner. Order: input
 * (ADMIN_VALIDATION_FAILED naming the field) → the device has an owner (ADMIN_CONFLICT otherwise) → the
 * upload's guard deletion is enqueued → bytes to the object store → the row (removing the guard) → the owner
 * is asked again: a device unbound meanwhile gets its row removed again and ADMIN_CONFLICT, so no segment
 * outlives the unbind event that would have purged it.
 */
import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode, type IngestSegmentRequest, PlatformError, type SegmentView } from '@dcp/contracts';
import { RUNTIME_CONTEXT, type RuntimeContext } from '@dcp/runtime';
import { STORAGE_DATABASE, type StorageDatabase } from '../infrastructure/storage-database';
import { OBJECT_STORE, type ObjectStore, segmentObjectKey } from '../objects/object-store';
import { ObjectDeletions, UPLOAD_GRACE_MS } from '../retention/object-deletions';
import { RetentionSweeper } from '../retention/retention-sweeper';
import { SessionAuthenticator } from '../session/session-authenticator';
import { parseIngestInput } from './ingest-input';
import { toSegmentView } from './segment.mapper';
import { SegmentRepository } from './segment.repository';

@Injectable()
export class IngestSegmentUseCase {
  constructor(
    @Inject(RUNTIME_CONTEXT) private readonly ctx: RuntimeContext,
    @Inject(STORAGE_DATABASE) private readonly db: StorageDatabase,
    @Inject(OBJECT_STORE) private readonly store: ObjectStore,
    private readonly segments: SegmentRepository,
    private readonly deletions: ObjectDeletions,
    private readonly owners: SessionAuthenticator,
    private readonly sweeper: RetentionSweeper,
  ) {}

  async execute(req: IngestSegmentRequest): Promise<SegmentView> {
    const input = parseIngestInput(req, this.ctx.clock.now());
    const owner = await this.owners.currentOwner(input.macAddr);
    if (owner === undefined) throw new PlatformError(ErrorCode.ADMIN_CONFLICT, `device ${input.macAddr} has no owner: bind it before storing its recordings`);

    const id = randomUUID();
    const objectKey = segmentObjectKey(input.macAddr, id);
    await this.deletions.enqueue([objectKey], new Date(this.ctx.clock.now() + UPLOAD_GRACE_MS));
    await this.store.put(objectKey, input.bytes);
    const segment = await this.segments.insert({ id, macAddr: input.macAddr, userId: owner, start: input.start, durationMs: input.durationMs, type: input.type, objectKey, bytes: input.bytes.length });

    const ownerNow = await this.owners.currentOwner(input.macAddr);
    if (ownerNow !== owner) {
      await this.db.client.$transaction(async (tx) => {
        const keys = await this.segments.removeById(tx, id);
        await this.deletions.enqueue(keys, new Date(this.ctx.clock.now()), tx);
      });
      this.sweeper.poke();
      throw new PlatformError(ErrorCode.ADMIN_CONFLICT, `device ${input.macAddr} was unbound while the segment was stored; it was discarded`);
    }
    this.ctx.metrics.increment('dcp_storage_ingested_bytes_total', 'Bytes of segments stored', {}, input.bytes.length);
    return toSegmentView(segment);
  }
}
