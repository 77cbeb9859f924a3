/**
 * Grants in creation order, one page (operator API), optionally of one user (openId), of one plan
 * (permissionCode), on one device (ipcMac, any spelling) and in one state (waiting, active, over, revoked:
 * "active" and "over" are judged at the service clock's now).
 */
import { Inject, Injectable } from '@nestjs/common';
import { listGrantsFilterSchema, parseAdminBody, resolvePage, PERMISSION_RPC } from '@dcp/contracts';
import type { GrantView } from '@dcp/contracts';
import { RUNTIME_CLOCK, type Clock, ServesRpc } from '@dcp/runtime';
import { toGrantView } from './grant.mapper';
import { GrantRepository, type GrantStore } from './grant.repository';

@Injectable()
export class ListGrantsUseCase {
  constructor(
    @Inject(GrantRepository) private readonly grants: GrantStore,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
  ) {}

  @ServesRpc(PERMISSION_RPC.listGrants, 'admin.list_grants')
  async execute(request: { openId?: string; permissionCode?: unknown; ipcMac?: unknown; state?: unknown; limit?: number; offset?: number }): Promise<{ items: GrantView[]; total: number }> {
    // The filters come as the query string gave them: a bad one answers ADMIN_VALIDATION_FAILED naming it.
    const { permissionCode, ipcMac, state } = parseAdminBody(listGrantsFilterSchema, { permissionCode: request.permissionCode, ipcMac: request.ipcMac, state: request.state });
    const { limit, offset } = resolvePage(request);
    const filter = { openId: request.openId || undefined, permissionCode, ipcMac, state: state && { name: state, now: this.clock.now() } };
    const { items, total } = await this.grants.page(filter, limit, offset);
    return { items: items.map(toGrantView), total };
  }
}
