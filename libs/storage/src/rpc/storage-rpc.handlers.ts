/**
 * Request-reply entry points of storage-service: the three stream operations the edge routes here
 * (`dcp.gateway.record.*`), segment ingest (admin route and recorders) and HLS playback (the edge's
 * `{store_url}/hls/…` routes). Each maps to one use case; outcomes are counted per operation in
 * `dcp_service_operations_total{service="storage",operation,outcome}`.
 */
import { Inject, Injectable } from '@nestjs/common';
import { ADMIN_LOOKUP_RPC, STORAGE_RPC } from '@dcp/contracts';
import { RUNTIME_CONTEXT, type RuntimeContext, ServiceOperations } from '@dcp/runtime';
import { AdminPlaybackUseCase } from '../admin/admin-playback.use-case';
import { AdminRecordingsUseCase } from '../admin/admin-recordings.use-case';
import { RecordingSummaryUseCase } from '../admin/recording-summary.use-case';
import { GetPlaylistUseCase } from '../playback/get-playlist.use-case';
import { GetSegmentUseCase } from '../playback/get-segment.use-case';
import { IngestSegmentUseCase } from '../recordings/ingest-segment.use-case';
import { RecordDateQueryUseCase } from '../stream/record-date-query.use-case';
import { RecordPlayUseCase } from '../stream/record-play.use-case';
import { RecordQueryUseCase } from '../stream/record-query.use-case';

@Injectable()
export class StorageRpcHandlers {
  constructor(
    @Inject(RUNTIME_CONTEXT) private readonly ctx: RuntimeContext,
    private readonly recordDateQuery: RecordDateQueryUseCase,
    private readonly recordQuery: RecordQueryUseCase,
    private readonly recordPlay: RecordPlayUseCase,
    private readonly ingestSegment: IngestSegmentUseCase,
    private readonly playlist: GetPlaylistUseCase,
    private readonly segment: GetSegmentUseCase,
    private readonly recordingSummary: RecordingSummaryUseCase,
    private readonly adminRecordings: AdminRecordingsUseCase,
    private readonly adminPlayback: AdminPlaybackUseCase,
  ) {}

  /** Registers every handler; refuses to start when a storage operation of the catalogue is not served. */
  register(): void {
    const ops = new ServiceOperations(this.ctx, 'storage');
    ops.serveCatalogue({
      recordDateQuery: (call) => this.recordDateQuery.execute(call),
      recordQuery: (call) => this.recordQuery.execute(call),
      recordPlay: (call) => this.recordPlay.execute(call),
    });
    ops.contract(STORAGE_RPC.ingestSegment, 'ingest_segment', (req) => this.ingestSegment.execute(req));
    ops.contract(STORAGE_RPC.playlist, 'playlist', (req) => this.playlist.execute(req));
    ops.contract(STORAGE_RPC.segment, 'segment', (req) => this.segment.execute(req));
    ops.contract(ADMIN_LOOKUP_RPC.recordingSummary, 'admin.recording_summary', (req) => this.recordingSummary.execute(req));
    ops.contract(ADMIN_LOOKUP_RPC.recordings, 'admin.recordings', (req) => this.adminRecordings.execute(req));
    ops.contract(ADMIN_LOOKUP_RPC.playback, 'admin.playback', (req) => this.adminPlayback.execute(req));
  }
}
