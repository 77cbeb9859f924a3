/** SSO_RPC.ssoUserSubtoken: storage-service checks a stream call's sessionToken against the device owner's subtoken. */
import { Injectable } from '@nestjs/common';
import { SubServiceRepository } from './sub-service.repository';
import { ServesRpc } from '@dcp/runtime';
import { SSO_RPC } from '@dcp/contracts';

@Injectable()
export class UserSubtokenUseCase {
  constructor(private readonly subServices: SubServiceRepository) {}

  @ServesRpc(SSO_RPC.ssoUserSubtoken, 'user_subtoken')
  async execute(request: { userId: number }): Promise<{ subtoken: string | null }> {
    const info = await this.subServices.findOrCreate(request.userId, null);
    return { subtoken: info?.subtoken ?? null };
  }
}
