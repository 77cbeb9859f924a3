/**
 * Gives a permission to a user (operator API). Checks in order: body (ADMIN_VALIDATION_FAILED naming the
 * field, also a malformed ipcMac) → permission exists → user exists at sso-service → the device, when given,
 * is bound to that user at device-service (ADMIN_CONFLICT otherwise). Paid grants wait for activation; free
 * grants given for a device are active at once, with the device's camera stream issued (decisions CU3).
 */
import { Inject, Injectable, Logger } from '@nestjs/common';
import { RUNTIME_CLOCK, type Clock, ServesRpc } from '@dcp/runtime';
import { ErrorCode, PlatformError, createGrantBodySchema, normalizeMac, type GrantView, parseAdminBody, PERMISSION_RPC } from '@dcp/contracts';
import { PermissionRepository, type PermissionStore } from '../catalogue/permission.repository';
import { DeviceDirectory, UserDirectory, type UserLookup, type UserDeviceLookup } from '../common/directories';
import { CameraStreams, type StreamDirectory } from '../streams/camera-streams';
import { GRANT_STATUS } from './grant';
import { initialState } from './grant-rules';
import { toGrantView } from './grant.mapper';
import { GrantRepository, type GrantStore } from './grant.repository';

@Injectable()
export class CreateGrantUseCase {
  private readonly logger = new Logger('permission-grants');

  constructor(
    @Inject(PermissionRepository) private readonly permissions: PermissionStore,
    @Inject(GrantRepository) private readonly grants: GrantStore,
    @Inject(UserDirectory) private readonly users: UserLookup,
    @Inject(DeviceDirectory) private readonly devices: UserDeviceLookup,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
    @Inject(CameraStreams) private readonly streams: StreamDirectory,
  ) {}

  @ServesRpc(PERMISSION_RPC.createGrant, 'admin.create_grant')
  async execute(request: { body: unknown }): Promise<GrantView> {
    const body = parseAdminBody(createGrantBodySchema, request.body);
    const ipcMac = body.ipcMac === undefined ? null : normalizeMac(body.ipcMac);
    if (ipcMac === undefined) throw new PlatformError(ErrorCode.ADMIN_VALIDATION_FAILED, 'invalid field ipcMac: not a MAC address (12 hexadecimal digits, optionally separated by ":" or "-")');
    const permission = await this.permissions.findByCode(body.permissionCode);
    if (!permission) throw new PlatformError(ErrorCode.ADMIN_NOT_FOUND, `no permission ${body.permissionCode}`);
    const user = await this.users.findByOpenId(body.openId);
    if (!user) throw new PlatformError(ErrorCode.ADMIN_NOT_FOUND, `no user with openId ${body.openId}`);
    if (ipcMac !== null && !(await this.devices.findUserDevice(user.userId, ipcMac))) {
      throw new PlatformError(ErrorCode.ADMIN_CONFLICT, `device ${ipcMac} is not bound to user ${user.openId}`);
    }
    const now = this.clock.now();
    const state = initialState(permission, ipcMac, now);
    // Active at once on a device: its stream first, as at activation (decisions CU3).
    if (ipcMac !== null && state.grantStatus === GRANT_STATUS.active) await this.streams.ensure(user.userId, ipcMac);
    const grant = await this.grants.create({ userId: user.userId, openId: user.openId, permissionId: permission.id, ipcMac, initTime: now, ...state });
    this.logger.log(`grant ${grant.grantId}: ${permission.code} to user ${user.userId}${ipcMac ? ` for ${ipcMac}` : ''} (status ${grant.grantStatus})`);
    return toGrantView(grant);
  }
}
