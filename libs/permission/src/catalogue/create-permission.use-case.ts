/** Adds a plan to the catalogue; defaults belongServer "", channelCount 1, bpi false, retentionDays null (not cloud recording); a taken code → ADMIN_CONFLICT. */
import { Inject, Injectable, Logger } from '@nestjs/common';
import { ErrorCode, PlatformError, createPermissionBodySchema, type PermissionView, parseAdminBody, PERMISSION_RPC } from '@dcp/contracts';
import { toPermissionView } from './permission.mapper';
import { PermissionRepository, type PermissionStore } from './permission.repository';
import { ServesRpc } from '@dcp/runtime';

@Injectable()
export class CreatePermissionUseCase {
  private readonly logger = new Logger('permission-catalogue');

  constructor(@Inject(PermissionRepository) private readonly permissions: PermissionStore) {}

  @ServesRpc(PERMISSION_RPC.createPermission, 'admin.create_permission')
  async execute(request: { body: unknown }): Promise<PermissionView> {
    const body = parseAdminBody(createPermissionBodySchema, request.body);
    const created = await this.permissions.create({
      code: body.permissionCode,
      name: body.permissionName,
      type: body.permissionType,
      durationDays: body.durationDays,
      belongServer: body.belongServer ?? '',
      channelCount: body.channelCount ?? 1,
      bpi: body.bpi ?? false,
      retentionDays: body.retentionDays ?? null,
    });
    if (!created) throw new PlatformError(ErrorCode.ADMIN_CONFLICT, `permission ${body.permissionCode} already exists`);
    this.logger.log(`permission ${created.code} (type ${created.type}, ${created.durationDays} days) added`);
    return toPermissionView(created);
  }
}
