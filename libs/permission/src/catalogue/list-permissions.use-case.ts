/** The catalogue in creation order, one page. */
import { Inject, Injectable } from '@nestjs/common';
import { resolvePage } from '@dcp/contracts';
import type { PermissionView } from '@dcp/contracts';
import { toPermissionView } from './permission.mapper';
import { PermissionRepository, type PermissionStore } from './permission.repository';

@Injectable()
export class ListPermissionsUseCase {
  constructor(@Inject(PermissionRepository) private readonly permissions: PermissionStore) {}

  async execute(request: { limit?: number; offset?: number }): Promise<{ items: PermissionView[]; total: number }> {
    const { limit, offset } = resolvePage(request);
    const { items, total } = await this.permissions.page(limit, offset);
    return { items: items.map(toPermissionView), total };
  }
}
