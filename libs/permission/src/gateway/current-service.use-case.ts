/** fcmall.get_current_service: the current service of one of the user's devices (spec 2.6; rules in current-service.ts). */
import { Inject, Injectable } from '@nestjs/common';
import { RUNTIME_CLOCK, type Clock, ServesOperation } from '@dcp/runtime';
import { type CallOf, ErrorCode, PlatformError, type GatewayResult } from '@dcp/contracts';
import { GrantRepository, type GrantStore } from '../grants/grant.repository';
import { DeviceDirectory, type UserDeviceLookup } from '../common/directories';
import { decideCurrentService } from './current-service';

@Injectable()
export class CurrentServiceUseCase {
  constructor(
    @Inject(GrantRepository) private readonly grants: GrantStore,
    @Inject(DeviceDirectory) private readonly devices: UserDeviceLookup,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
  ) {}

  @ServesOperation('getCurrentService')
  async execute({ params: { macAddr }, user: { userId } }: CallOf<'getCurrentService'>): Promise<GatewayResult> {
    const device = await this.devices.findUserDevice(userId, macAddr);
    if (!device) throw new PlatformError(ErrorCode.FC_ACCOUNT_USER_IPC_SETTING_NOT_EXISTS, `device ${macAddr} is not bound to this user`);
    const inService = await this.grants.inServiceOf(userId, this.clock.now(), macAddr);
    return { data: decideCurrentService({ userId, macAddr, supportStore: device.supportStore === 1, inService }) };
  }
}
