/**
 * DEVICE_RPC.findDeviceOwner: who a device is bound to, for storage-service's stream checks. A MAC in any
 * accepted form; a malformed one, like an unbound device, has no owner.
 */
import { Inject, Injectable } from '@nestjs/common';
import { normalizeMac, DEVICE_RPC } from '@dcp/contracts';
import { DeviceRepository, type DeviceStore } from './device.repository';
import { ServesRpc } from '@dcp/runtime';

@Injectable()
export class FindDeviceOwnerUseCase {
  constructor(@Inject(DeviceRepository) private readonly devices: DeviceStore) {}

  @ServesRpc(DEVICE_RPC.findDeviceOwner, 'find_device_owner')
  async execute(request: { macAddr: string }): Promise<{ owner: { userId: number; macAddr: string } | null }> {
    const macAddr = normalizeMac(request.macAddr);
    const device = macAddr ? await this.devices.findByMac(macAddr) : null;
    return { owner: device ? { userId: device.userId, macAddr: device.macAddr } : null };
  }
}
