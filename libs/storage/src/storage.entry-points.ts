/**
 * Everything storage-service serves or runs, as barrels its module lists: each class declares its own entry
 * point (`@ServesOperation`, `@ServesRpc`, `@EventReactionEntry`, `@HostedPart`), and the service's host
 * serves and starts what it finds. Hosted parts of one stage start in the order listed and stop in reverse.
 */
import { AdminPlaybackUseCase } from './admin/admin-playback.use-case';
import { AdminRecordingsUseCase } from './admin/admin-recordings.use-case';
import { RecordingSummaryUseCase } from './admin/recording-summary.use-case';
import { CameraCredentials } from './camera/camera-credentials';
import { CameraUploadServer } from './camera/camera-upload-server';
import { UploadSegmentUseCase } from './camera/upload-segment.use-case';
import { UploadTargetUseCase } from './camera/upload-target.use-case';
import { ObjectStoreLifetime } from './objects/object-store-lifetime';
import { SharedStoreGuard } from './objects/sharing/shared-store-guard';
import { GetClipSegmentsUseCase } from './playback/get-clip-segments.use-case';
import { GetPlaylistUseCase } from './playback/get-playlist.use-case';
import { GetSegmentUseCase } from './playback/get-segment.use-case';
import { DeviceUnboundReaction } from './reactions/device-unbound.reaction';
import { UserDeletedReaction } from './reactions/user-deleted.reaction';
import { IngestSegmentUseCase } from './recordings/ingest-segment.use-case';
import { RetentionSweeper } from './retention/retention-sweeper';
import { SessionFacts } from './session/session-facts';
import { RecordDateQueryUseCase } from './stream/record-date-query.use-case';
import { RecordDownloadUseCase } from './stream/record-download.use-case';
import { RecordPlayUseCase } from './stream/record-play.use-case';
import { RecordQueryUseCase } from './stream/record-query.use-case';

export const STORAGE_USE_CASES = [
  RecordDateQueryUseCase,
  RecordQueryUseCase,
  RecordPlayUseCase,
  RecordDownloadUseCase,
  IngestSegmentUseCase,
  GetPlaylistUseCase,
  GetSegmentUseCase,
  GetClipSegmentsUseCase,
  RecordingSummaryUseCase,
  AdminRecordingsUseCase,
  AdminPlaybackUseCase,
  UploadTargetUseCase,
  UploadSegmentUseCase,
];

export const STORAGE_REACTIONS = [DeviceUnboundReaction, UserDeletedReaction];

/**
 * In start order: the store (stops last), the shared-store guard, the session facts and camera credentials
 * (their events heard before anything can fill them); after the consumer the sweeper and the camera upload
 * port (closed first on shutdown).
 */
export const STORAGE_HOSTED_PARTS = [ObjectStoreLifetime, SharedStoreGuard, SessionFacts, CameraCredentials, RetentionSweeper, CameraUploadServer];
