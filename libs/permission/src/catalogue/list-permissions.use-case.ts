/** The catalogue in creation order, one page, optionally filtered by `q` (code or name) and `permissionType` (operator API). */
import { Inject, Injectable } from '@nestjs/common';
import { listPermissionsFilterSchema, parseAdminBody, resolvePage, PERMISSION_RPC } from '@dcp/contracts';
import type { PermissionView } from '@dcp/contracts';
import { toPermissionView } from './permission.mapper';
import { PermissionRepository, type PermissionStore } from './permission.repository';
import { ServesRpc } from '@dcp/runtime';

@Injectable()
export class ListPermissionsUseCase {
  constructor(@Inject(PermissionRepository) private readonly permissions: PermissionStore) {}

  @ServesRpc(PERMISSION_RPC.listPermissions, 'admin.list_permissions')
  async execute(request: { limit?: number; offset?: number; q?: unknown; permissionType?: unknown }): Promise<{ items: PermissionView[]; total: number }> {
    // The filters come as the query string gave them: a bad one answers ADMIN_VALIDATION_FAILED naming it.
    const filter = parseAdminBody(listPermissionsFilterSchema, { q: request.q, permissionType: request.permissionType });
    const { limit, offset } = resolvePage(request);
    const { items, total } = await this.permissions.page(filter, limit, offset);
    return { items: items.map(toPermissionView), total };
  }
}
