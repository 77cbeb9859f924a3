/**
 * Who a camera request comes from (decisions CU2, CU4): permission-service checks the signature against the
 * device's live stream for that userTag and names the owner and the plan in service; device-service says who
 * owns the device now. Both are asked at once, on every request: an unbind, a grant's end, a revocation or a
 * user deletion stops the very next upload. A stream whose owner no longer has the device is refused as
 * revoked (its device.unbound event revokes it at permission-service too).
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

  async verify(request: SignedCameraRequest): Promise<VerifiedCamera> {
    const { macAddr, userTag, stringToSign, signature } = request;
    const [verified, owner] = await Promise.all([
      this.rpcClient.request(PERMISSION_RPC.verifyCameraRequest, { macAddr, userTag, stringToSign, signature }),
      this.owners.currentOwner(macAddr),
    ]);
    if (owner !== verified.userId) throw cameraRefusal(ErrorCode.CAMERA_CREDENTIALS_REFUSED, `the stream of device ${macAddr} was revoked: the device is no longer bound to the user the app configured it for`);
    return verified;
  }
}
