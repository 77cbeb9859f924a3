/**
 * storage-service: the cloud-storage host (spec 4.5, 2.8). The recording index (segments of video per
 * device, bytes in object storage), the stream operations record.date.query / record.query / record.play
 * authenticated by sessionToken (owners and subtokens kept per replica from answers and events, RP1–RP3),
 * signed HLS playback served through the edge, segment ingest, and the purge of recordings when their
 * device is unbound or their user deleted. The host provides RUNTIME_CONTEXT.
 */
import { Module } from '@nestjs/common';
import { playbackSignerProvider } from './infrastructure/playback-key';
import { serviceEventsProvider, serviceDatabaseToken, serviceDatabaseProvider } from '@dcp/runtime';
import { PrismaClient } from './generated/prisma/client';
import { objectStoreConfigProvider, objectStoreProvider } from './objects/object-store.provider';
import { SharedStoreGuard } from './objects/sharing/shared-store-guard';
import { StoreLeaseRepository } from './objects/sharing/store-lease.repository';
import { GetPlaylistUseCase } from './playback/get-playlist.use-case';
import { PlaylistUrls } from './playback/playlist-urls';
import { AdminPlaybackUseCase } from './admin/admin-playback.use-case';
import { AdminRecordingsUseCase } from './admin/admin-recordings.use-case';
import { RecordingSummaryUseCase } from './admin/recording-summary.use-case';
import { GetSegmentUseCase } from './playback/get-segment.use-case';
import { IngestSegmentUseCase } from './recordings/ingest-segment.use-case';
import { SegmentRepository } from './recordings/segment.repository';
import { ObjectDeletions } from './retention/object-deletions';
import { RetentionSweeper } from './retention/retention-sweeper';
import { DeviceUnboundReaction } from './reactions/device-unbound.reaction';
import { UserDeletedReaction } from './reactions/user-deleted.reaction';
import { StorageRpcHandlers } from './rpc/storage-rpc.handlers';
import { SessionAuthenticator } from './session/session-authenticator';
import { SESSION_FACTS_LIMITS, SESSION_FACTS_LIMITS_TOKEN, SessionFacts } from './session/session-facts';
import { StorageLifecycle } from './storage-lifecycle';
import { RecordDateQueryUseCase } from './stream/record-date-query.use-case';
import { RecordPlayUseCase } from './stream/record-play.use-case';
import { RecordQueryUseCase } from './stream/record-query.use-case';

@Module({
  providers: [
    serviceDatabaseProvider('storage', PrismaClient),
    serviceEventsProvider('storage', serviceDatabaseToken('storage')),
    objectStoreConfigProvider,
    objectStoreProvider,
    StoreLeaseRepository,
    SharedStoreGuard,
    playbackSignerProvider,
    SegmentRepository,
    ObjectDeletions,
    { provide: SESSION_FACTS_LIMITS_TOKEN, useValue: SESSION_FACTS_LIMITS },
    SessionFacts,
    SessionAuthenticator,
    RetentionSweeper,
    DeviceUnboundReaction,
    UserDeletedReaction,
    IngestSegmentUseCase,
    RecordDateQueryUseCase,
    RecordQueryUseCase,
    RecordPlayUseCase,
    GetPlaylistUseCase,
    GetSegmentUseCase,
    PlaylistUrls,
    RecordingSummaryUseCase,
    AdminRecordingsUseCase,
    AdminPlaybackUseCase,
    StorageRpcHandlers,
    StorageLifecycle,
  ],
})
export class StorageModule {}
