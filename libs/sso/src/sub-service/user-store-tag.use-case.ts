/**
 * SSO_RPC.ssoUserStoreTag: permission-service gives a user's storeTag to the authorization records of the
 * user's devices as their userTag, the tag a camera uploads with (decisions CU3).
 */
import { Injectable } from '@nestjs/common';
import { SSO_RPC } from '@dcp/contracts';
import { ServesRpc } from '@dcp/runtime';
import { SubServiceRepository } from './sub-service.repository';

@Injectable()
export class UserStoreTagUseCase {
  constructor(private readonly subServices: SubServiceRepository) {}

  @ServesRpc(SSO_RPC.ssoUserStoreTag, 'user_store_tag')
  async execute(request: { userId: number }): Promise<{ storeTag: string | null }> {
    const info = await this.subServices.findOrCreate(request.userId, null);
    return { storeTag: info?.storeTag ?? null };
  }
}
