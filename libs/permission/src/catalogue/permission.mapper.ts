import type { PermissionView } from '@dcp/contracts';
import type { Permission } from './permission';

export function toPermissionView(p: Permission): PermissionView {
  return {
    permissionCode: p.code,
    permissionName: p.name,
    permissionType: p.type,
    durationDays: p.durationDays,
    belongServer: p.belongServer,
    channelCount: p.channelCount,
    bpi: p.bpi,
    retentionDays: p.retentionDays,
    createdAt: p.createdAt.toISOString(),
  };
}
