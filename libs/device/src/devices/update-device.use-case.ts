/**
 * user_ipc_setting_v2_0.updateOemDevice (spec 4.4): changes the given fields of the user's own device.
 * Absent (or empty) optional parameters keep their value; the MAC, owner and oemCode never change.
 */
import { Inject, Injectable } from '@nestjs/common';
import type { CallOf, GatewayResult } from '@dcp/contracts';
import type { DeviceChanges } from './device';
import { deviceNotFound } from './device-errors';
import { DevicePasswords } from './device-passwords';
import { DeviceRepository, type DeviceStore } from './device.repository';
import { ServesOperation } from '@dcp/runtime';

@Injectable()
export class UpdateDeviceUseCase {
  constructor(
    @Inject(DeviceRepository) private readonly devices: DeviceStore,
    private readonly passwords: DevicePasswords,
  ) {}

  @ServesOperation('updateOemDevice')
  async execute({ params: p, user }: CallOf<'updateOemDevice'>): Promise<GatewayResult> {
    const { macAddr, password } = p;
    const changes: DeviceChanges = {
      deviceName: p.deviceName,
      productName: p.productName,
      username: p.username,
      passwordCiphertext: password === undefined ? undefined : this.passwords.encrypt(macAddr, password),
      hasusertag: p.hasusertag,
      supportStore: p.supportStore,
      supportRichMedia: p.supportRichMedia,
    };
    // Nothing to change still answers for the device: 020041 when the user has none under this MAC.
    if (!(await this.devices.update(user.userId, macAddr, changes))) throw deviceNotFound(macAddr);
    return {};
  }
}
