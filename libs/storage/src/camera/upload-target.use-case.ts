/**
 * STORAGE_RPC.cameraUploadTarget, `GET {api}/camera/v1/upload-target` (decisions CU1; also on storage-service's
 * camera port, CU10): with its five values a
 * camera learns where to upload, the limits, the server time and its plan — after the same checks as an upload
 * (CR0400, CR0402, CR0401, CR0403), so a camera with wrong values knows before it records anything.
 */
import { Inject, Injectable } from '@nestjs/common';
import { type CameraRequest, type CameraUploadTarget, STORAGE_LIMITS, STORAGE_RPC } from '@dcp/contracts';
import { RUNTIME_CLOCK, RUNTIME_CONFIG, type Clock, ServesRpc } from '@dcp/runtime';
import { CAMERA_OPERATIONS } from '@dcp/signing';
import type { StorageConfig } from '../storage-config';
import { parseSignedRequest } from './camera-request';
import { CameraVerifier } from './camera-verifier';

@Injectable()
export class UploadTargetUseCase {
  constructor(
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
    @Inject(RUNTIME_CONFIG) private readonly config: Pick<StorageConfig, 'cameraUploads' | 'publicStoreUrl'>,
    private readonly verifier: CameraVerifier,
  ) {}

  @ServesRpc(STORAGE_RPC.cameraUploadTarget, 'camera.upload_target')
  async execute(req: CameraRequest): Promise<CameraUploadTarget> {
    const now = this.clock.now();
    const camera = await this.verifier.verify(parseSignedRequest(req, 'uploadTarget', now), now);
    const limits = this.config.cameraUploads;
    return {
      uploadUrl: `${this.config.publicStoreUrl}${CAMERA_OPERATIONS.segment.path}`,
      serverTime: Math.floor(now / 1000),
      maxSegmentBytes: STORAGE_LIMITS.maxSegmentBytes,
      maxSegmentSeconds: STORAGE_LIMITS.maxSegmentSeconds,
      outOfOrderToleranceSeconds: limits.outOfOrderToleranceSeconds,
      quotaBytesPerDay: limits.quotaBytesPerDay,
      quotaSegmentsPerMinute: limits.quotaSegmentsPerMinute,
      retentionDays: camera.plan.retentionDays,
      planEndsAt: camera.plan.planEndsAt,
    };
  }
}
