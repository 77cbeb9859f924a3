/**
 * Who a camera request comes from (decisions CU2, CU4): permission-service checks the signature against the
 * device's live stream for that userTag and names the owner and the plan in service (asked on every request:
 * a grant's end, a revocation or a user deletion stops the very next upload). The device's current owner
 * (device-service) decides before the plan — a stream whose owner no longer has the device is refused as
 * revoked (CR0401), even while its device.unbound is ending the grants at permission-service — and only then
 * a missing plan (CR0403). An upload leaves the owner to SegmentWriter, which asks after the row is written
 * (so an unbind committed at any time before stops it, CR0401): one question per upload instead of two.
 */
import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode, PERMISSION_RPC, type PlatformError, type VerifiedCamera } from '@dcp/contracts';
import type { RpcClient } from '@dcp/messaging';
import { RUNTIME_RPC_CLIENT } from '@dcp/runtime';
import { SessionAuthenticator } from '../session/session-authenticator';
import { cameraRefusal, type SignedCameraRequest } from './camera-request';

@Injectable()
export class CameraVerifier {
  constructor(
    @Inject(RUNTIME_RPC_CLIENT) private readonly rpcClient: RpcClient,
    private readonly owners: SessionAuthenticator,
  ) {}

  /**
   * The stream's owner and the plan in service, or a refusal. `owner`: 'now' asks device-service here;
   * 'after-write' leaves it to the caller's write (it is still asked here when there is no plan, so that an
   * unbound device is CR0401, not CR0403).
   */
  async verify(request: SignedCameraRequest, owner: 'now' | 'after-write'): Promise<{ userId: number; plan: NonNullable<VerifiedCamera['plan']> }> {
    const { macAddr, userTag, stringToSign, signature } = request;
    const verified = await this.rpcClient.request(PERMISSION_RPC.verifyCameraRequest, { macAddr, userTag, stringToSign, signature });
    if ((owner === 'now' || !verified.plan) && (await this.owners.currentOwner(macAddr)) !== verified.userId) {
      throw revoked(macAddr);
    }
    if (!verified.plan) throw cameraRefusal(ErrorCode.CAMERA_NO_ACTIVE_PLAN, `device ${macAddr} has no cloud-recording plan in service`);
    return { userId: verified.userId, plan: verified.plan };
  }
}

/** The stream's device is no longer its owner's (unbound, force-unbound, or bound by someone else). */
export function revoked(macAddr: string): PlatformError {
  return cameraRefusal(ErrorCode.CAMERA_CREDENTIALS_REFUSED, `the stream of device ${macAddr} was revoked: the device is no longer bound to the user the app configured it for`);
}
