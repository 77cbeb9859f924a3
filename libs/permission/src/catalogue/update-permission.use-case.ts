/**
 * `PATCH /admin/v1/permissions/{code}`: sets or clears a plan's retention (decisions CU6), the one field that
 * may change after creation — it is not part of any authorization record, so issued records stay truthful (P1).
 * Unknown code → ADMIN_NOT_FOUND; a bad body → ADMIN_VALIDATION_FAILED naming the field.
 */
import { Inject, Injectable, Logger } from '@nestjs/common';
import { ErrorCode, PERMISSION_RPC, PlatformError, type PermissionView, parseAdminBody, updatePermissionBodySchema } from '@dcp/contracts';
import { ServesRpc } from '@dcp/runtime';
import { toPermissionView } from './permission.mapper';
import { PermissionRepository, type PermissionStore } from './permission.repository';

@Injectable()
export class UpdatePermissionUseCase {
  private readonly logger = new Logger('permission-catalogue');

  constructor(@Inject(PermissionRepository) private readonly permissions: PermissionStore) {}

  @ServesRpc(PERMISSION_RPC.updatePermission, 'admin.update_permission')
  async execute(request: { permissionCode: string; body: unknown }): Promise<PermissionView> {
    const body = parseAdminBody(updatePermissionBodySchema, request.body);
    const updated = await this.permissions.setRetention(request.permissionCode, body.retentionDays);
    if (!updated) throw new PlatformError(ErrorCode.ADMIN_NOT_FOUND, `permission ${request.permissionCode} does not exist`);
    this.logger.log(`permission ${updated.code}: retention ${updated.retentionDays === null ? 'cleared (not a cloud-recording plan)' : `${updated.retentionDays} days`}`);
    return toPermissionView(updated);
  }
}
