/**
 * PERMISSION_RPC.verifyCameraRequest (decisions CU2, CU4): a camera request is genuine when its signature is
 * the HMAC of the string to sign under the streamId of a live stream of that MAC and userTag; it may upload
 * while that owner has a cloud-recording grant in service on the device (active, not revoked, period not
 * over, plan with a retention), answered as `plan` (null when there is none: storage-service refuses with
 * CAMERA_NO_ACTIVE_PLAN once it knows the device is still the owner's). Refusal here: CAMERA_CREDENTIALS_REFUSED
 * (no such live stream — unknown, forged, or revoked by an unbind or a user deletion — or a signature that does
 * not match). The streamId never leaves this service.
 */
import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode, PERMISSION_RPC, PlatformError, type VerifiedCamera, type VerifyCameraRequest } from '@dcp/contracts';
import { RUNTIME_CLOCK, type Clock, ServesRpc } from '@dcp/runtime';
import { cameraSignatureMatches } from '@dcp/signing';
import { CameraStreams } from './camera-streams';

@Injectable()
export class VerifyCameraRequestUseCase {
  constructor(
    private readonly streams: CameraStreams,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
  ) {}

  @ServesRpc(PERMISSION_RPC.verifyCameraRequest, 'camera.verify_request')
  async execute(request: VerifyCameraRequest): Promise<VerifiedCamera> {
    const candidates = await this.streams.liveByTagWithPlan(request.macAddr, request.userTag, this.clock.now());
    const stream = candidates.find((s) => cameraSignatureMatches(s.streamId, request.stringToSign, request.signature));
    if (!stream) throw new PlatformError(ErrorCode.CAMERA_CREDENTIALS_REFUSED, `no live stream of device ${request.macAddr} under this userTag signed the request: ask the app for the device's current userTag and streamId`);
    return { userId: stream.userId, plan: stream.plan };
  }
}
