/**
 * ADMIN_LOOKUP_RPC.deviceGrants: one page of the grants a user holds on one device (active, waiting, expired
 * and revoked alike, oldest first): the grants part of the operator's device view.
 */
import { Inject, Injectable } from '@nestjs/common';
import { type GrantView, resolvePage, ADMIN_LOOKUP_RPC } from '@dcp/contracts';
import { toGrantView } from '../grants/grant.mapper';
import { GrantRepository, type GrantStore } from '../grants/grant.repository';
import { ServesRpc } from '@dcp/runtime';

@Injectable()
export class DeviceGrantsUseCase {
  constructor(@Inject(GrantRepository) private readonly grants: GrantStore) {}

  @ServesRpc(ADMIN_LOOKUP_RPC.deviceGrants, 'admin.device_grants')
  async execute(request: { userId: number; macAddr: string; limit?: number; offset?: number }): Promise<{ items: GrantView[]; total: number }> {
    const { limit, offset } = resolvePage(request);
    const { items, total } = await this.grants.page({ userId: request.userId, ipcMac: request.macAddr }, limit, offset);
    return { items: items.map(toGrantView), total };
  }
}
