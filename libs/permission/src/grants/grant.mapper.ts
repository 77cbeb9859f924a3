/** Grants as operators see them (admin API) and as users see them (spec 2.5 authorization records). */
import type { GrantView } from '@dcp/contracts';
import type { Grant } from './grant';

export function toGrantView(g: Grant): GrantView {
  return {
    grantId: g.grantId,
    openId: g.openId,
    userId: g.userId,
    ipcMac: g.ipcMac,
    permissionCode: g.permission.code,
    permissionName: g.permission.name,
    permissionType: g.permission.type,
    grantStatus: g.grantStatus,
    initTime: g.initTime,
    startTime: g.startTime,
    endTime: g.endTime,
    revokedAt: g.revokedAt === null ? null : new Date(g.revokedAt).toISOString(),
    revokeReason: g.revokeReason,
  };
}

/** Spec 2.5, field for field. */
export interface AuthorizationRecord {
  grantId: number;
  ipcMac: string;
  permissionCode: string;
  permissionName: string;
  permissionType: number;
  permissionValue: number;
  grantStatus: number;
  userTag: string;
  streamId?: string;
  belongServer: string;
  initTime: number;
  channelCount: number;
}

/**
 * ipcMac "" while the grant is not tied to a device; permissionValue = the plan's durationDays; userTag ""
 * (the platform keeps no per-user service tag); streamId absent (permission-service assigns no cloud-storage
 * stream). docs/decisions.md P12–P15.
 */
export function toAuthorizationRecord(g: Grant): AuthorizationRecord {
  return {
    grantId: g.grantId,
    ipcMac: g.ipcMac ?? '',
    permissionCode: g.permission.code,
    permissionName: g.permission.name,
    permissionType: g.permission.type,
    permissionValue: g.permission.durationDays,
    grantStatus: g.grantStatus,
    userTag: '',
    belongServer: g.permission.belongServer,
    initTime: g.initTime,
    channelCount: g.permission.channelCount,
  };
}
