/**
 * user_ipc_setting_v2_0.updateOemDevice (spec 4.4): changes the given fields of the user's own device.
 * Absent (or empty) optional parameters keep their value; the MAC, owner and oemCode never change.
 */
import { Injectable } from '@nestjs/common';
import type { GatewayResult } from '@dcp/contracts';
import type { UserGatewayCall } from '@dcp/runtime';
import { macParam, optionalIntParam, optionalParam } from '../shared/device-params';
import { HASUSERTAG_INPUT, SUPPORT_FLAG, type DeviceChanges } from './device';
import { deviceNotFound } from './device-errors';
import { DevicePasswords } from './device-passwords';
import { DeviceRepository } from './device.repository';

@Injectable()
export class UpdateDeviceUseCase {
  constructor(
    private readonly devices: DeviceRepository,
    private readonly passwords: DevicePasswords,
  ) {}

  async execute(call: UserGatewayCall): Promise<GatewayResult> {
    const p = call.params;
    const macAddr = macParam(p, 'macAddr');
    const password = optionalParam(p, 'password');
    const changes: DeviceChanges = {
      deviceName: optionalParam(p, 'deviceName'),
      productName: optionalParam(p, 'productName'),
      username: optionalParam(p, 'username'),
      passwordCiphertext: password === undefined ? undefined : this.passwords.encrypt(macAddr, password),
      hasusertag: optionalIntParam(p, 'hasusertag', HASUSERTAG_INPUT),
      supportStore: optionalIntParam(p, 'supportStore', SUPPORT_FLAG),
      supportRichMedia: optionalIntParam(p, 'supportRichMedia', SUPPORT_FLAG),
    };
    // Nothing to change still answers for the device: 020041 when the user has none under this MAC.
    if (!(await this.devices.update(call.user.userId, macAddr, changes))) throw deviceNotFound(macAddr);
    return {};
  }
}
