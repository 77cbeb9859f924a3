/**
 * Who a camera request comes from (decisions CU2, CU4, CU11): the stream of that MAC and userTag whose streamId
 * signed it (else CR0401), the device's current owner — which decides before the plan: a stream whose owner no
 * longer has the device is refused as revoked (CR0401) — and then the owner's plan in service (else CR0403).
 * Answered from what this replica knows (camera-credentials.ts); when that refuses, asked again, so a new
 * binding, a renewal or a newly issued stream is never refused by an old answer. An accepted upload carries
 * `stillOwner`, which SegmentWriter asks once its row is written: an event that dropped the device meanwhile
 * sends the question to device-service (an unbind committed before the answer stops the upload, CR0401).
 */
import { Injectable } from '@nestjs/common';
import { type CameraPlan, ErrorCode, type PlatformError } from '@dcp/contracts';
import { cameraSignatureMatches } from '@dcp/signing';
import { type CameraStreamKey, CameraCredentials, type KnownCamera } from './camera-credentials';
import { cameraRefusal, type SignedCameraRequest } from './camera-request';

export interface VerifiedCamera {
  userId: number;
  plan: CameraPlan;
  /** Whether the device is still the owner's (after the upload's row is written). */
  stillOwner(): Promise<boolean>;
}

@Injectable()
export class CameraVerifier {
  constructor(private readonly credentials: CameraCredentials) {}

  async verify(request: SignedCameraRequest, nowMs: number): Promise<VerifiedCamera> {
    const { macAddr, userTag } = request;
    const known = await this.credentials.of(macAddr, userTag);
    let camera = known.camera;
    let verdict = judge(camera, request, nowMs);
    if (known.kept && !('plan' in verdict)) {
      camera = await this.credentials.fresh(macAddr, userTag);
      verdict = judge(camera, request, nowMs);
    }
    if (!('plan' in verdict)) throw verdict.refusal;
    const { userId, plan } = verdict;
    const verifiedWith = camera;
    return { userId, plan, stillOwner: async () => !verifiedWith.dropped || (await this.credentials.currentOwner(macAddr)) === userId };
  }
}

/** The stream that signed, owned by the device's owner, with a plan in service — or the refusal. */
function judge(camera: KnownCamera, request: SignedCameraRequest, nowMs: number): { userId: number; plan: CameraPlan } | { refusal: PlatformError } {
  const stream: CameraStreamKey | undefined = camera.streams.find((s) => cameraSignatureMatches(s.streamId, request.stringToSign, request.signature));
  if (!stream) {
    return { refusal: cameraRefusal(ErrorCode.CAMERA_CREDENTIALS_REFUSED, `no live stream of device ${request.macAddr} under this userTag signed the request: ask the app for the device's current userTag and streamId`) };
  }
  if (camera.owner !== stream.userId) return { refusal: revoked(request.macAddr) };
  if (!stream.plan || stream.plan.planEndsAt <= nowMs) return { refusal: cameraRefusal(ErrorCode.CAMERA_NO_ACTIVE_PLAN, `device ${request.macAddr} has no cloud-recording plan in service`) };
  return { userId: stream.userId, plan: stream.plan };
}

/** The stream's device is no longer its owner's (unbound, force-unbound, or bound by someone else). */
export function revoked(macAddr: string): PlatformError {
  return cameraRefusal(ErrorCode.CAMERA_CREDENTIALS_REFUSED, `the stream of device ${macAddr} was revoked: the device is no longer bound to the user the app configured it for`);
}
