/**
 * DEVICE_RPC.findDeviceOwner: who a device is bound to, for storage-service's stream checks. A MAC in any
 * accepted form; a malformed one, like an unbound device, has no owner.
 */
import { Injectable } from '@nestjs/common';
import { normalizeMac } from '@dcp/contracts';
import { DeviceRepository } from './device.repository';

@Injectable()
export class FindDeviceOwnerUseCase {
  constructor(private readonly devices: DeviceRepository) {}

  async execute(request: { macAddr: string }): Promise<{ owner: { userId: number; macAddr: string } | null }> {
    const macAddr = normalizeMac(request.macAddr);
    const device = macAddr ? await this.devices.findByMac(macAddr) : null;
    return { owner: device ? { userId: device.userId, macAddr: device.macAddr } : null };
  }
}
