/**
 * ADMIN_LOOKUP_RPC.deviceGrants: one page of the grants a user holds on one device (active, waiting, expired
 * and revoked alike, oldest first): the grants part of the operator's device view. Paged as every list is
 * (libs/contracts/src/admin-paging.ts).
 */
import { Inject, Injectable } from '@nestjs/common';
import { type GrantView, type ListPage, listPaging, ADMIN_LOOKUP_RPC } from '@dcp/contracts';
import { ServesRpc } from '@dcp/runtime';
import { z } from 'zod';
import { toGrantView } from '../grants/grant.mapper';
import { GrantRepository, type GrantStore } from '../grants/grant.repository';

/** A device's grants by grant id (the cursor of the device view's grants). */
const DEVICE_GRANT_PAGES = listPaging('device-grants', z.tuple([z.number().int().positive()]));

@Injectable()
export class DeviceGrantsUseCase {
  constructor(@Inject(GrantRepository) private readonly grants: GrantStore) {}

  @ServesRpc(ADMIN_LOOKUP_RPC.deviceGrants, 'admin.device_grants')
  async execute(request: { userId: number; macAddr: string; limit?: unknown; offset?: unknown; cursor?: unknown }): Promise<ListPage<GrantView>> {
    const filters = { userId: request.userId, ipcMac: request.macAddr };
    const page = DEVICE_GRANT_PAGES.resolve(request, filters);
    const { items, ...total } = await this.grants.page(filters, page);
    return DEVICE_GRANT_PAGES.answer(items, page, filters, total, (g) => [g.grantId], toGrantView);
  }
}
