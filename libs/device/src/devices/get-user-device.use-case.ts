/** user_ipc_setting_v2_0.getOemDeviceByUserAndMac (spec 4.4): one of the user's devices; 020041 otherwise (also when another user has it). */
import { Injectable } from '@nestjs/common';
import type { GatewayResult } from '@dcp/contracts';
import type { UserGatewayCall } from '@dcp/runtime';
import { macParam } from '../shared/device-params';
import { deviceNotFound } from './device-errors';
import { DevicePasswords } from './device-passwords';
import { toDeviceRecord } from './device.mapper';
import { DeviceRepository } from './device.repository';

@Injectable()
export class GetUserDeviceUseCase {
  constructor(
    private readonly devices: DeviceRepository,
    private readonly passwords: DevicePasswords,
  ) {}

  async execute(call: UserGatewayCall): Promise<GatewayResult> {
    const macAddr = macParam(call.params, 'macAddr');
    const device = await this.devices.findOwned(call.user.userId, macAddr);
    if (!device) throw deviceNotFound(macAddr);
    return { data: toDeviceRecord(device, this.passwords.decrypt(device)) };
  }
}
