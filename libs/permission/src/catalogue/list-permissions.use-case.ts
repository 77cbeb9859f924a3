/**
 * The catalogue in creation order, one page, optionally filtered by `q` (code or name) and `permissionType`
 * (operator API). Paged by cursor or a bounded offset, the total exact or estimated (admin-paging.ts).
 */
import { Inject, Injectable } from '@nestjs/common';
import { type ListPage, type PermissionView, listPaging, listPermissionsFilterSchema, parseAdminBody, PERMISSION_RPC } from '@dcp/contracts';
import { ServesRpc } from '@dcp/runtime';
import { z } from 'zod';
import { toPermissionView } from './permission.mapper';
import { PermissionRepository, type PermissionStore } from './permission.repository';

/** The catalogue's pages, by plan id. */
const PERMISSION_PAGES = listPaging('permissions', z.tuple([z.number().int().positive()]));

@Injectable()
export class ListPermissionsUseCase {
  constructor(@Inject(PermissionRepository) private readonly permissions: PermissionStore) {}

  @ServesRpc(PERMISSION_RPC.listPermissions, 'admin.list_permissions')
  async execute(request: { limit?: unknown; offset?: unknown; cursor?: unknown; q?: unknown; permissionType?: unknown }): Promise<ListPage<PermissionView>> {
    // The filters come as the query string gave them: a bad one answers ADMIN_VALIDATION_FAILED naming it.
    const filter = parseAdminBody(listPermissionsFilterSchema, { q: request.q, permissionType: request.permissionType });
    const page = PERMISSION_PAGES.resolve(request, filter);
    const { items, ...total } = await this.permissions.page(filter, page);
    return PERMISSION_PAGES.answer(items, page, filter, total, (p) => [p.id], toPermissionView);
  }
}
