/**
 * Authenticates a stream call (spec 4.5): the device's owner is asked of device-service, the owner's subtoken
 * of sso-service (spec 2.7), and the sessionToken must be MD5(subtoken + timestamp). Ownership and subtokens
 * are always read from their owners, never copied here.
 */
import { Inject, Injectable } from '@nestjs/common';
import { DEVICE_RPC, ErrorCode, PlatformError, SSO_RPC } from '@dcp/contracts';
import { RUNTIME_CONTEXT, type RuntimeContext } from '@dcp/runtime';
import type { UnixTime } from '@dcp/contracts';
import { sessionTokenMatches } from './session-rules';

export interface StreamSession {
  macAddr: string;
  timestamp: UnixTime;
  sessionToken: string;
}

@Injectable()
export class SessionAuthenticator {
  constructor(@Inject(RUNTIME_CONTEXT) private readonly ctx: RuntimeContext) {}

  /** The owner's userId; 020041 when the device has no owner, 030040 when the sessionToken does not match. */
  async authenticate(session: StreamSession): Promise<number> {
    const { owner } = await this.ctx.rpcClient.request(DEVICE_RPC.findDeviceOwner, { macAddr: session.macAddr });
    if (!owner) throw noOwner(session.macAddr);
    const { subtoken } = await this.ctx.rpcClient.request(SSO_RPC.ssoUserSubtoken, { userId: owner.userId });
    // The owner's account is gone (deleted; its devices are being unbound): the device has no owner any more.
    if (subtoken === null) throw noOwner(session.macAddr);
    if (!sessionTokenMatches(subtoken, session.timestamp.raw, session.sessionToken)) {
      throw new PlatformError(ErrorCode.FC_AUTH_ACCESSTOKEN_NOT_MATCH, 'sessionToken does not match (MD5 of the device owner\'s subtoken + timestamp)');
    }
    return owner.userId;
  }

  /** The device's current owner, or undefined. */
  async currentOwner(macAddr: string): Promise<number | undefined> {
    const { owner } = await this.ctx.rpcClient.request(DEVICE_RPC.findDeviceOwner, { macAddr });
    return owner?.userId;
  }
}

export function noOwner(macAddr: string): PlatformError {
  return new PlatformError(ErrorCode.FC_ACCOUNT_USER_IPC_SETTING_NOT_EXISTS, `device ${macAddr} has no owner`);
}
