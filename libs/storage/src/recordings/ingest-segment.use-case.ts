/**
 * STORAGE_RPC.ingestSegment (the operator's route): stores one MPEG-TS segment of a device under its current
 * owner. Order: input (ADMIN_VALIDATION_FAILED naming the field) → the device has an owner (ADMIN_CONFLICT
 * otherwise) → SegmentWriter (a device unbound meanwhile: ADMIN_CONFLICT, nothing kept). The same segment
 * sent again answers the stored one.
 */
import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode, type IngestSegmentRequest, PlatformError, type SegmentView, STORAGE_RPC } from '@dcp/contracts';
import { RUNTIME_CLOCK, type Clock, ServesRpc } from '@dcp/runtime';
import { SessionAuthenticator } from '../session/session-authenticator';
import { parseIngestInput } from './ingest-input';
import { toSegmentView } from './segment.mapper';
import { SegmentWriter } from './segment-writer';

@Injectable()
export class IngestSegmentUseCase {
  constructor(
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
    private readonly owners: SessionAuthenticator,
    private readonly writer: SegmentWriter,
  ) {}

  @ServesRpc(STORAGE_RPC.ingestSegment, 'ingest_segment')
  async execute(req: IngestSegmentRequest): Promise<SegmentView> {
    const input = parseIngestInput(req, this.clock.now());
    const owner = await this.owners.currentOwner(input.macAddr);
    if (owner === undefined) throw new PlatformError(ErrorCode.ADMIN_CONFLICT, `device ${input.macAddr} has no owner: bind it before storing its recordings`);
    const outcome = await this.writer.write({ ...input, userId: owner });
    switch (outcome.kind) {
      case 'stored':
      case 'duplicate':
        return toSegmentView(outcome.segment);
      case 'conflict':
        throw new PlatformError(ErrorCode.ADMIN_CONFLICT, `device ${input.macAddr} already has a different type-${input.type} segment starting at ${input.start}`);
      case 'unbound':
        throw new PlatformError(ErrorCode.ADMIN_CONFLICT, `device ${input.macAddr} was unbound while the segment was stored; it was discarded`);
    }
  }
}
