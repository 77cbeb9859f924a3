/** Grants as operators see them (admin API) and as users see them (spec 2.5 authorization records). */
import type { GrantView } from '@dcp/contracts';
import type { CameraStream } from '../streams/camera-stream';
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
 * ipcMac "" while the grant is not tied to a device; permissionValue = the plan's durationDays. A grant on a
 * device with the owner's live camera stream carries its userTag and streamId (what the app hands the camera,
 * decisions CU3); otherwise userTag "" and no streamId. docs/decisions.md P12–P15.
 */
export function toAuthorizationRecord(g: Grant, stream?: CameraStream): AuthorizationRecord {
  const streamFields = stream && stream.ipcMac === g.ipcMac && stream.userId === g.userId ? { userTag: stream.userTag, streamId: stream.streamId } : { userTag: '' };
  return {
    grantId: g.grantId,
    ipcMac: g.ipcMac ?? '',
    permissionCode: g.permission.code,
    permissionName: g.permission.name,
    permissionType: g.permission.type,
    permissionValue: g.permission.durationDays,
    grantStatus: g.grantStatus,
    ...streamFields,
    belongServer: g.permission.belongServer,
    initTime: g.initTime,
    channelCount: g.permission.channelCount,
  };
}
