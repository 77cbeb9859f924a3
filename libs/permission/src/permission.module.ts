/**
 * permission-service: the permission catalogue, grants (spec 2.5 authorization records), activation and the
 * current service of a device (spec 2.6), the operator API, and the reactions to user.deleted and
 * device.unbound — all over request-reply and the event backbone. Its host (serviceRuntime) serves what the
 * use cases and reactions declare; the process provides the runtime's parts globally (RuntimeModule).
 */
import { Module } from '@nestjs/common';
import { serviceRuntime } from '@dcp/runtime';
import { PermissionRepository } from './catalogue/permission.repository';
import { DeviceDirectory, UserDirectory } from './common/directories';
import { PermissionMetrics } from './common/permission-metrics';
import { PrismaClient } from './generated/prisma/client';
import { GrantRepository } from './grants/grant.repository';
import { RecordsInService } from './grants/records-in-service';
import { PERMISSION_REACTIONS, PERMISSION_USE_CASES } from './permission.entry-points';
import { ReencryptPermissionSecretsJob } from './reencrypt-permission-secrets.job';
import { CameraStreamRepository } from './streams/camera-stream.repository';
import { CameraStreams } from './streams/camera-streams';
import { StreamSecrets } from './streams/stream-secrets';

/**
 * The overview's counts: grants active now (status 3, not revoked, not ended). No index leads on grant_status,
 * so beyond 100k grants the planner's estimate of this condition is answered (service-status.ts).
 */
const PERMISSION_COUNTS = [{ name: 'activeGrants', table: 'grant', where: 'grant_status = 3 AND revoked_at IS NULL AND (end_time IS NULL OR end_time > now())' }];

@Module({
  providers: [
    ...serviceRuntime('permission', { database: PrismaClient, events: true, counts: PERMISSION_COUNTS }),
    PermissionMetrics,
    UserDirectory,
    DeviceDirectory,
    PermissionRepository,
    GrantRepository,
    RecordsInService,
    StreamSecrets,
    CameraStreamRepository,
    CameraStreams,
    ReencryptPermissionSecretsJob,
    ...PERMISSION_USE_CASES,
    ...PERMISSION_REACTIONS,
  ],
})
export class PermissionModule {}
