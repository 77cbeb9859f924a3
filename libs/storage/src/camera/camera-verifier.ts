/**
 * Who a camera request comes from (decisions CU2, CU4): permission-service checks the signature against the
 * device's live stream for that userTag and names the owner and the plan in service; device-service says who
 * owns the device now. Both are asked at once, on every request: an unbind, a grant's end, a revocation or a
 * user deletion stops the very next upload. The owner decides first — a stream whose owner no longer has the
 * device is refused as revoked (CR0401), even while its device.unbound is ending the grants at
 * permission-service — and the plan second (CR0403).
 */
import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode, PERMISSION_RPC, type VerifiedCamera } from '@dcp/contracts';
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

  /** The stream's owner and the plan in service, or a refusal. */
  async verify(request: SignedCameraRequest): Promise<{ userId: number; plan: NonNullable<VerifiedCamera['plan']> }> {
    const { macAddr, userTag, stringToSign, signature } = request;
    const [verified, owner] = await Promise.all([
      this.rpcClient.request(PERMISSION_RPC.verifyCameraRequest, { macAddr, userTag, stringToSign, signature }),
      this.owners.currentOwner(macAddr),
    ]);
    if (owner !== verified.userId) throw cameraRefusal(ErrorCode.CAMERA_CREDENTIALS_REFUSED, `the stream of device ${macAddr} was revoked: the device is no longer bound to the user the app configured it for`);
    if (!verified.plan) throw cameraRefusal(ErrorCode.CAMERA_NO_ACTIVE_PLAN, `device ${macAddr} has no cloud-recording plan in service`);
    return { userId: verified.userId, plan: verified.plan };
  }
}
