/**
 * STORAGE_RPC.cameraSegment, `POST {store}/camera/v1/segments` (decisions CU1–CU7): a camera stores one MPEG-TS
 * segment. Checks in order, nothing stored on any refusal: the request (CR0400, CR0413, CR0415, CR0402) → who
 * signed it and under which plan (CR0401, CR0403) → the same segment again (answered as stored, `duplicate`)
 * or another one at that start and type (CR0409) → not older than the device's newest segment by more than the
 * tolerance (CR0409) → the device's quotas (CR0429) → SegmentWriter, which asks device-service for the owner
 * once the row is written: a device unbound before or meanwhile gets the row removed again and CR0401.
 */
import { Inject, Injectable } from '@nestjs/common';
import { type CameraSegmentRequest, type CameraSegmentStored, ErrorCode, PlatformError, STORAGE_RPC, errorDefinition } from '@dcp/contracts';
import { RUNTIME_CLOCK, RUNTIME_CONFIG, RUNTIME_METRICS, type Clock, type PlatformMetrics, ServesRpc } from '@dcp/runtime';
import type { Segment } from '../recordings/segment';
import { SegmentRepository } from '../recordings/segment.repository';
import { SegmentWriter } from '../recordings/segment-writer';
import type { StorageConfig } from '../storage-config';
import { cameraRefusal, decodeBody, parseCameraSegment } from './camera-request';
import { CameraVerifier, revoked } from './camera-verifier';
import { DevicePlans } from './device-plans';
import { DeviceQuotas } from './device-quotas';

@Injectable()
export class UploadSegmentUseCase {
  constructor(
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
    @Inject(RUNTIME_CONFIG) private readonly config: Pick<StorageConfig, 'cameraUploads'>,
    @Inject(RUNTIME_METRICS) private readonly metrics: PlatformMetrics,
    private readonly verifier: CameraVerifier,
    private readonly segments: SegmentRepository,
    private readonly quotas: DeviceQuotas,
    private readonly plans: DevicePlans,
    private readonly writer: SegmentWriter,
  ) {}

  @ServesRpc(STORAGE_RPC.cameraSegment, 'camera.segment')
  async execute(req: CameraSegmentRequest): Promise<CameraSegmentStored> {
    try {
      const stored = await this.upload(req);
      this.metrics.increment('dcp_camera_uploads_total', { outcome: stored.duplicate ? 'duplicate' : 'stored' });
      return stored;
    } catch (err) {
      this.metrics.increment('dcp_camera_uploads_refused_total', { code: errorDefinition(PlatformError.from(err).code).value });
      throw err;
    }
  }

  private async upload(req: CameraSegmentRequest): Promise<CameraSegmentStored> {
    const segment = parseCameraSegment(req, decodeBody(req.contentBase64), this.clock.now());
    const { macAddr, start, type } = segment;
    const camera = await this.verifier.verify(segment, 'after-write');
    const userId = camera.userId;

    const { same, newestStart: newest } = await this.segments.sameAndNewest({ macAddr, userId, start, type });
    if (same) {
      if (same.durationMs === segment.durationMs && same.bytes === segment.bytes.length) return toStored(same, true);
      throw cameraRefusal(ErrorCode.CAMERA_SEGMENT_CONFLICT, `device ${macAddr} already has a different type-${type} segment starting at ${start}`);
    }
    const tolerance = this.config.cameraUploads.outOfOrderToleranceSeconds;
    if (newest !== undefined && start < newest - tolerance) {
      throw cameraRefusal(ErrorCode.CAMERA_SEGMENT_CONFLICT, `segment starting at ${start} is more than ${tolerance} s before the newest stored one (${newest}): out of order`);
    }
    await this.quotas.take(macAddr, segment.bytes.length, this.clock.now());
    await this.plans.record(macAddr, userId, camera.plan);

    const outcome = await this.writer.write({ macAddr, userId, start, durationMs: segment.durationMs, type, bytes: segment.bytes });
    switch (outcome.kind) {
      case 'stored':
        return toStored(outcome.segment, false);
      case 'duplicate':
        return toStored(outcome.segment, true);
      case 'conflict':
        throw cameraRefusal(ErrorCode.CAMERA_SEGMENT_CONFLICT, `device ${macAddr} already has a different type-${type} segment starting at ${start}`);
      case 'unbound':
        throw revoked(macAddr);
    }
  }
}

function toStored(s: Segment, duplicate: boolean): CameraSegmentStored {
  return { segmentId: s.id, devId: s.macAddr, start: s.start, duration: s.durationMs / 1000, type: s.type, bytes: s.bytes, duplicate };
}
