/**
 * `POST {store}/camera/v1/segments` (decisions CU1–CU7, CU10, CU11): a camera stores one MPEG-TS segment, from
 * storage-service's own camera port (the bytes as received) or from the edge over the bus
 * (STORAGE_RPC.cameraSegment, base64). Checks in order, nothing stored on any refusal: the request (CR0400,
 * CR0413, CR0415, CR0402) → who signed it, the device's owner and the plan (CR0401, CR0403; CameraVerifier) →
 * in one statement (UploadAdmission): the same segment again (answered as stored, `duplicate`) or another one
 * at that start and type (CR0409) → not older than the device's newest segment by more than the tolerance
 * (CR0409) → the device's quotas (CR0429), counted with the object's guard → SegmentWriter, which confirms the
 * owner once the row is written: a device unbound before or meanwhile gets the row removed again and CR0401.
 */
import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { type CameraRequest, type CameraSegmentRequest, type CameraSegmentStored, ErrorCode, PlatformError, STORAGE_RPC, errorDefinition } from '@dcp/contracts';
import { RUNTIME_CLOCK, RUNTIME_METRICS, type Clock, type PlatformMetrics, ServesRpc } from '@dcp/runtime';
import { segmentObjectKey } from '../objects/object-store';
import type { Segment } from '../recordings/segment';
import { SegmentWriter } from '../recordings/segment-writer';
import { cameraRefusal, decodeBody, parseCameraSegment } from './camera-request';
import { CameraVerifier, revoked } from './camera-verifier';
import { DevicePlans } from './device-plans';
import { DeviceQuotas } from './device-quotas';
import { UploadAdmission } from './upload-admission';

@Injectable()
export class UploadSegmentUseCase {
  constructor(
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
    @Inject(RUNTIME_METRICS) private readonly metrics: PlatformMetrics,
    private readonly verifier: CameraVerifier,
    private readonly admission: UploadAdmission,
    private readonly quotas: DeviceQuotas,
    private readonly plans: DevicePlans,
    private readonly writer: SegmentWriter,
  ) {}

  /** From the edge over the bus: the bytes arrive as base64 (decisions CU10). */
  @ServesRpc(STORAGE_RPC.cameraSegment, 'camera.segment')
  execute(req: CameraSegmentRequest): Promise<CameraSegmentStored> {
    const { contentBase64, ...values } = req;
    return this.store(values, () => decodeBody(contentBase64));
  }

  /** One upload: its values and its bytes (as received on CAMERA_UPLOAD_PORT, or decoded from the bus). */
  async store(values: CameraRequest, body: Buffer | (() => Buffer)): Promise<CameraSegmentStored> {
    try {
      const stored = await this.upload(values, typeof body === 'function' ? body() : body);
      this.metrics.increment('dcp_camera_uploads_total', { outcome: stored.duplicate ? 'duplicate' : 'stored' });
      return stored;
    } catch (err) {
      this.metrics.increment('dcp_camera_uploads_refused_total', { code: errorDefinition(PlatformError.from(err).code).value });
      throw err;
    }
  }

  private async upload(values: CameraRequest, bytes: Buffer): Promise<CameraSegmentStored> {
    const nowMs = this.clock.now();
    const segment = parseCameraSegment(values, bytes, nowMs);
    const { macAddr, start, type, durationMs } = segment;
    const camera = await this.verifier.verify(segment, nowMs);
    const userId = camera.userId;

    const id = randomUUID();
    const objectKey = segmentObjectKey(macAddr, id);
    const admission = await this.admission.admit({ macAddr, userId, start, type, bytes: bytes.length, objectKey, nowMs, guardDue: this.writer.guardDue() });
    switch (admission.kind) {
      case 'same':
        if (admission.segment.durationMs === durationMs && admission.segment.bytes === bytes.length) return toStored(admission.segment, true);
        throw conflict(macAddr, type, start);
      case 'out-of-order':
        throw cameraRefusal(ErrorCode.CAMERA_SEGMENT_CONFLICT, `segment starting at ${start} is more than ${admission.toleranceSeconds} s before the newest stored one (${admission.newestStart}): out of order`);
      case 'over-quota':
        throw await this.quotas.refusal(macAddr, nowMs);
      case 'admitted':
        break;
    }
    await this.plans.record(macAddr, userId, camera.plan);

    const outcome = await this.writer.write({ macAddr, userId, start, durationMs, type, bytes }, { guarded: { id, objectKey }, stillOwner: camera.stillOwner });
    switch (outcome.kind) {
      case 'stored':
        return toStored(outcome.segment, false);
      case 'duplicate':
        return toStored(outcome.segment, true);
      case 'conflict':
        throw conflict(macAddr, type, start);
      case 'unbound':
        throw revoked(macAddr);
    }
  }
}

function conflict(macAddr: string, type: number, start: number): PlatformError {
  return cameraRefusal(ErrorCode.CAMERA_SEGMENT_CONFLICT, `device ${macAddr} already has a different type-${type} segment starting at ${start}`);
}

function toStored(s: Segment, duplicate: boolean): CameraSegmentStored {
  return { segmentId: s.id, devId: s.macAddr, start: s.start, duration: s.durationMs / 1000, type: s.type, bytes: s.bytes, duplicate };
}
