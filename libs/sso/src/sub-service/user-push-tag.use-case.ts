/**
 * SSO_RPC.ssoUserPushTag: push-service checks a camera's alarm against the push `tag` of the device's owner
 * (sub-service information, spec 2.7; decisions PS3): the tag the app gave the camera is the key its alarms are
 * signed with — and the user's merchant (clientId), whose message retention and push providers apply. Created on
 * first use like the rest of the user's sub-service information; nulls when the user is gone.
 */
import { Injectable } from '@nestjs/common';
import { SSO_RPC } from '@dcp/contracts';
import { ServesRpc } from '@dcp/runtime';
import { SubServiceRepository } from './sub-service.repository';

@Injectable()
export class UserPushTagUseCase {
  constructor(private readonly subServices: SubServiceRepository) {}

  @ServesRpc(SSO_RPC.ssoUserPushTag, 'user_push_tag')
  async execute(request: { userId: number }): Promise<{ tag: string | null; clientId: string | null }> {
    const known = await this.subServices.pushTagOf(request.userId);
    if (known) return known;
    // First use: the user's sub-service information is created now (or the user is gone).
    if (!(await this.subServices.findOrCreate(request.userId, null))) return { tag: null, clientId: null };
    return (await this.subServices.pushTagOf(request.userId)) ?? { tag: null, clientId: null };
  }
}
