/** user_ipc_setting_v2_0.getOemDeviceByUser (spec 4.4): the user's devices (2.4), in the order they were added. */
import { Inject, Injectable } from '@nestjs/common';
import type { CallOf, DeviceRecord, GatewayResult } from '@dcp/contracts';
import { DevicePasswords } from './device-passwords';
import { toDeviceRecord } from './device.mapper';
import { DeviceRepository, type DeviceStore } from './device.repository';
import { ServesOperation } from '@dcp/runtime';

@Injectable()
export class ListUserDevicesUseCase {
  constructor(
    @Inject(DeviceRepository) private readonly devices: DeviceStore,
    private readonly passwords: DevicePasswords,
  ) {}

  @ServesOperation('getOemDeviceByUser')
  async execute({ user }: CallOf<'getOemDeviceByUser'>): Promise<GatewayResult> {
    const devices = await this.devices.listByUser(user.userId);
    const data: DeviceRecord[] = devices.map((d) => toDeviceRecord(d, this.passwords.decrypt(d)));
    return { data };
  }
}
