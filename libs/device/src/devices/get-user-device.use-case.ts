/** user_ipc_setting_v2_0.getOemDeviceByUserAndMac (spec 4.4): one of the user's devices; 020041 otherwise (also when another user has it). */
import { Inject, Injectable } from '@nestjs/common';
import type { CallOf, GatewayResult } from '@dcp/contracts';
import { deviceNotFound } from './device-errors';
import { DevicePasswords } from './device-passwords';
import { toDeviceRecord } from './device.mapper';
import { DeviceRepository, type DeviceStore } from './device.repository';
import { ServesOperation } from '@dcp/runtime';

@Injectable()
export class GetUserDeviceUseCase {
  constructor(
    @Inject(DeviceRepository) private readonly devices: DeviceStore,
    private readonly passwords: DevicePasswords,
  ) {}

  @ServesOperation('getOemDeviceByUserAndMac')
  async execute({ params: { macAddr }, user }: CallOf<'getOemDeviceByUserAndMac'>): Promise<GatewayResult> {
    const device = await this.devices.findOwned(user.userId, macAddr);
    if (!device) throw deviceNotFound(macAddr);
    return { data: toDeviceRecord(device, this.passwords.decrypt(device)) };
  }
}
