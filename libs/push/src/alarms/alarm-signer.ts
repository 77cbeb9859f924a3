/**
 * Who may post an alarm for a device (decisions PS3): whoever holds the push `tag` of the device's current
 * owner — the tag the owner's app gave the camera. The owner (device-service) and the owner's tag (sso-service)
 * are asked on every alarm, so an unbind, a new owner or a user deletion stops the next alarm; a leaked tag
 * signs alarms of its user's own devices only. Every refusal is CR0401, saying no more.
 */
import { Inject, Injectable } from '@nestjs/common';
import { DEVICE_RPC, ErrorCode, SSO_RPC } from '@dcp/contracts';
import type { RpcClient } from '@dcp/messaging';
import { RUNTIME_RPC_CLIENT } from '@dcp/runtime';
import { alarmSignatureMatches } from '@dcp/signing';
import { type AlarmPost, alarmRefusal } from './alarm-post';

@Injectable()
export class AlarmSigner {
  constructor(@Inject(RUNTIME_RPC_CLIENT) private readonly rpcClient: Pick<RpcClient, 'request'>) {}

  /** The device's owner and the owner's merchant, when the owner's tag signed the alarm. */
  async ownerOf(post: AlarmPost): Promise<{ userId: number; clientId: string }> {
    const { owner } = await this.rpcClient.request(DEVICE_RPC.findDeviceOwner, { macAddr: post.macAddr });
    const { tag, clientId } = owner ? await this.rpcClient.request(SSO_RPC.ssoUserPushTag, { userId: owner.userId }) : { tag: null, clientId: null };
    if (!owner || tag === null || clientId === null || !alarmSignatureMatches(tag, post.stringToSign, post.signature)) {
      throw alarmRefusal(ErrorCode.CAMERA_CREDENTIALS_REFUSED, `the alarm of device ${post.macAddr} is not signed with its owner's push tag: ask the app for the current tag`);
    }
    return { userId: owner.userId, clientId };
  }
}
