/**
 * permission.active: starts the service period of a waiting grant on one of the user's devices. Checks in
 * order: ipcMac is a MAC (000006) → the grant exists and is this user's (883202) → it is waiting (883203) →
 * it is tied to no device or to this one (883204) → the device is bound to the user at device-service
 * (020041). The device's camera stream is issued (decisions CU3). The change is one conditional UPDATE, so of two concurrent activations exactly one wins; the
 * other answers 883203. Ownership is asked again after the change: a device unbound while the grant was being
 * activated (whose device.unbound may already have been handled, finding the grant still waiting) gets the
 * grant back to waiting and the caller 020041, so no grant stays active on a device the user no longer has.
 */
import { Inject, Injectable, Logger } from '@nestjs/common';
import { RUNTIME_CLOCK, type Clock, ServesOperation } from '@dcp/runtime';
import { type CallOf, ErrorCode, PlatformError, type GatewayResult } from '@dcp/contracts';
import { parseGrantId } from '../grants/grant';
import { assertActivatable, servicePeriod } from '../grants/grant-rules';
import { GrantRepository, type GrantStore } from '../grants/grant.repository';
import { DeviceDirectory, type UserDeviceLookup } from '../common/directories';
import { CameraStreams, type StreamDirectory } from '../streams/camera-streams';

@Injectable()
export class ActivateGrantUseCase {
  private readonly logger = new Logger('permission-activation');

  constructor(
    @Inject(GrantRepository) private readonly grants: GrantStore,
    @Inject(DeviceDirectory) private readonly devices: UserDeviceLookup,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
    @Inject(CameraStreams) private readonly streams: StreamDirectory,
  ) {}

  @ServesOperation('activatePermission')
  async execute({ params, user: { userId } }: CallOf<'activatePermission'>): Promise<GatewayResult> {
    const { ipcMac, grantId: grantIdText } = params;
    const id = parseGrantId(grantIdText);
    const grant = id === undefined ? null : await this.grants.findById(id);
    assertActivatable(grant, userId, ipcMac, grantIdText);
    if (!(await this.devices.findUserDevice(userId, ipcMac))) {
      throw new PlatformError(ErrorCode.FC_ACCOUNT_USER_IPC_SETTING_NOT_EXISTS, `device ${ipcMac} is not bound to this user`);
    }
    // The device's stream first (decisions CU3): once the grant is active its record carries userTag and streamId.
    // Issued for a device the user has; an activation that then fails leaves a stream no plan lets upload.
    await this.streams.ensure(userId, ipcMac);
    const period = servicePeriod(grant.permission, this.clock.now());
    const won = await this.grants.activate(grant.grantId, {
      ipcMac,
      ...period,
      exceptionInfo: params.exceptionInfo ?? null,
      appClientVersion: params.appClientVersion ?? null,
    });
    if (!won) {
      // Changed since it was read (a concurrent activation, a revocation, a device release): report what it is now.
      assertActivatable(await this.grants.findById(grant.grantId), userId, ipcMac, grantIdText);
      throw new PlatformError(ErrorCode.PERMISSION_GRANT_STATUS_CANNOT_ACTIVE, `authorization record ${grant.grantId} changed meanwhile`);
    }
    if (!(await this.devices.findUserDevice(userId, ipcMac))) {
      await this.grants.undoActivation(grant.grantId, period.startTime, grant.ipcMac);
      throw new PlatformError(ErrorCode.FC_ACCOUNT_USER_IPC_SETTING_NOT_EXISTS, `device ${ipcMac} is not bound to this user`);
    }
    this.logger.log(`grant ${grant.grantId} (${grant.permission.code}) activated on ${ipcMac} for user ${userId}`);
    return {};
  }
}
