/**
 * DEVICE_RPC.findUserDevice: other services (permission-service) ask the owner whether a user has a device
 * before acting on it. A MAC in any accepted form; a malformed one simply matches no device.
 */
import { Inject, Injectable } from '@nestjs/common';
import { type DeviceRecord, normalizeMac, DEVICE_RPC } from '@dcp/contracts';
import { DevicePasswords } from './device-passwords';
import { toDeviceRecord } from './device.mapper';
import { DeviceRepository, type DeviceStore } from './device.repository';
import { ServesRpc } from '@dcp/runtime';

@Injectable()
export class FindUserDeviceUseCase {
  constructor(
    @Inject(DeviceRepository) private readonly devices: DeviceStore,
    private readonly passwords: DevicePasswords,
  ) {}

  @ServesRpc(DEVICE_RPC.findUserDevice, 'find_user_device')
  async execute(request: { userId: number; macAddr: string }): Promise<{ device: DeviceRecord | null }> {
    const macAddr = normalizeMac(request.macAddr);
    const device = macAddr ? await this.devices.findOwned(request.userId, macAddr) : null;
    return { device: device ? toDeviceRecord(device, this.passwords.decrypt(device)) : null };
  }
}
