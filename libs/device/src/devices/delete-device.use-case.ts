/** user_ipc_setting_v2_0.delOemDeviceByMac (spec 4.4): unbinds the user's own device, publishing device.unbound (reason user). */
import { Inject, Injectable } from '@nestjs/common';
import type { CallOf, GatewayResult } from '@dcp/contracts';
import { deviceNotFound } from './device-errors';
import { DeviceRepository, type DeviceStore } from './device.repository';
import { ServesOperation } from '@dcp/runtime';

@Injectable()
export class DeleteDeviceUseCase {
  constructor(@Inject(DeviceRepository) private readonly devices: DeviceStore) {}

  @ServesOperation('delOemDeviceByMac')
  async execute({ params: { macAddr }, user }: CallOf<'delOemDeviceByMac'>): Promise<GatewayResult> {
    if (!(await this.devices.unbindOwned(user.userId, macAddr))) throw deviceNotFound(macAddr);
    return {};
  }
}
