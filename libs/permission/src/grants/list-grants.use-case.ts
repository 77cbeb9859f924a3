/**
 * Grants, one page (operator API), optionally of one user (openId), of one plan (permissionCode), on one device
 * (ipcMac, any spelling) and in one state (waiting, active, over, revoked: "active" and "over" are judged at the
 * service clock's now). In creation order, except active grants soonest-ending first and over grants most
 * recently ended first (grantsByEnd). Paged by cursor (or a bounded offset); the total is exact up to
 * EXACT_LIST_TOTAL_UP_TO, else estimated (libs/contracts/src/admin-paging.ts).
 */
import { Inject, Injectable } from '@nestjs/common';
import { type GrantView, type ListPage, listGrantsFilterSchema, listPaging, parseAdminBody, PERMISSION_RPC } from '@dcp/contracts';
import { RUNTIME_CLOCK, type Clock, ServesRpc } from '@dcp/runtime';
import { z } from 'zod';
import { toGrantView } from './grant.mapper';
import { GrantRepository, type GrantStore, grantsByEnd } from './grant.repository';

/** The grants list's pages in creation order, by grant id (the cursor of a grants page). */
export const GRANT_PAGES = listPaging('grants', z.tuple([z.number().int().positive()]));
/** The active or over grants' pages, by end (epoch ms; null: none) and grant id (one list: its filters tell the two apart). */
export const GRANT_PAGES_BY_END = listPaging('grants', z.tuple([z.number().int().nullable(), z.number().int().positive()]));

@Injectable()
export class ListGrantsUseCase {
  constructor(
    @Inject(GrantRepository) private readonly grants: GrantStore,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
  ) {}

  @ServesRpc(PERMISSION_RPC.listGrants, 'admin.list_grants')
  async execute(request: { openId?: string; permissionCode?: unknown; ipcMac?: unknown; state?: unknown; limit?: unknown; offset?: unknown; cursor?: unknown }): Promise<ListPage<GrantView>> {
    // The filters come as the query string gave them: a bad one answers ADMIN_VALIDATION_FAILED naming it.
    const { permissionCode, ipcMac, state } = parseAdminBody(listGrantsFilterSchema, { permissionCode: request.permissionCode, ipcMac: request.ipcMac, state: request.state });
    const filters = { openId: request.openId || undefined, permissionCode, ipcMac, state };
    const filter = { ...filters, state: state && { name: state, now: this.clock.now() } };
    if (grantsByEnd(filter) !== undefined) {
      const page = GRANT_PAGES_BY_END.resolve(request, filters);
      const { items, ...total } = await this.grants.page(filter, page);
      return GRANT_PAGES_BY_END.answer(items, page, filters, total, (g) => [g.endTime, g.grantId], toGrantView);
    }
    const page = GRANT_PAGES.resolve(request, filters);
    const { items, ...total } = await this.grants.page(filter, page);
    return GRANT_PAGES.answer(items, page, filters, total, (g) => [g.grantId], toGrantView);
  }
}
