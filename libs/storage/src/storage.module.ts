/**
 * storage-service: the cloud-storage host (spec 4.5, 2.8). The recording index (segments of video per
 * device, bytes in object storage), the stream operations record.date.query / record.query / record.play
 * authenticated by sessionToken (owners and subtokens kept per replica from answers and events, RP1–RP3),
 * signed HLS playback served through the edge, segment ingest by operators and by cameras (the camera upload
 * protocol on its own port or through the edge, credentials kept per replica from answers and events, quotas,
 * retention by plan), and the purge of recordings when their
 * device is unbound or their user deleted. Its host (serviceRuntime) serves and starts what the classes of
 * storage.entry-points.ts declare; the process provides the runtime's parts (RuntimeModule).
 */
import { Module } from '@nestjs/common';
import { serviceRuntime } from '@dcp/runtime';
import { CAMERA_CREDENTIAL_LIMITS, CAMERA_CREDENTIAL_LIMITS_TOKEN } from './camera/camera-credentials';
import { CameraVerifier } from './camera/camera-verifier';
import { DevicePlans } from './camera/device-plans';
import { DeviceQuotas } from './camera/device-quotas';
import { UploadAdmission } from './camera/upload-admission';
import { PrismaClient } from './generated/prisma/client';
import { playbackSignerProvider } from './infrastructure/playback-key';
import { objectStoreConfigProvider, objectStoreProvider } from './objects/object-store.provider';
import { StoreLeaseRepository } from './objects/sharing/store-lease.repository';
import { PlaylistUrls } from './playback/playlist-urls';
import { FootageIndex } from './recordings/footage-index';
import { SegmentRepository } from './recordings/segment.repository';
import { SegmentWriter } from './recordings/segment-writer';
import { RecordingWindow } from './retention/recording-window';
import { FootagePurges } from './retention/footage-purges';
import { ObjectDeletions } from './retention/object-deletions';
import { SessionAuthenticator } from './session/session-authenticator';
import { SESSION_FACTS_LIMITS, SESSION_FACTS_LIMITS_TOKEN } from './session/session-facts';
import { STORAGE_HOSTED_PARTS, STORAGE_REACTIONS, STORAGE_USE_CASES } from './storage.entry-points';

/**
 * The overview's counts: segments stored, and footage purges not done yet (device unbound, user deleted:
 * decisions CS21), counted through the (done_at, id) index.
 */
const STORAGE_COUNTS = [
  { name: 'recordings', table: 'segment' },
  { name: 'footagePurges', table: 'purge_job', where: 'done_at IS NULL' },
];

@Module({
  providers: [
    ...serviceRuntime('storage', { database: PrismaClient, events: true, counts: STORAGE_COUNTS }),
    objectStoreConfigProvider,
    objectStoreProvider,
    StoreLeaseRepository,
    playbackSignerProvider,
    SegmentRepository,
    FootageIndex,
    FootagePurges,
    ObjectDeletions,
    { provide: SESSION_FACTS_LIMITS_TOKEN, useValue: SESSION_FACTS_LIMITS },
    SessionAuthenticator,
    PlaylistUrls,
    SegmentWriter,
    { provide: CAMERA_CREDENTIAL_LIMITS_TOKEN, useValue: CAMERA_CREDENTIAL_LIMITS },
    CameraVerifier,
    UploadAdmission,
    DevicePlans,
    DeviceQuotas,
    RecordingWindow,
    ...STORAGE_HOSTED_PARTS,
    ...STORAGE_USE_CASES,
    ...STORAGE_REACTIONS,
  ],
})
export class StorageModule {}
