/**
 * DEVICE_RPC.boundDevices: which of these (userId, MAC) pairs are bound now, for firmware-service, which records
 * rollout progress only for a device bound to the user who asked (docs/decisions.md SDD1). MACs in any accepted
 * form; a malformed one, a device nobody has and another user's device are left out. One query per request.
 */
import { Inject, Injectable } from '@nestjs/common';
import { normalizeMac, DEVICE_RPC } from '@dcp/contracts';
import { DeviceRepository, type DeviceStore, type UserDevicePair } from './device.repository';
import { ServesRpc } from '@dcp/runtime';

@Injectable()
export class FindBoundDevicesUseCase {
  constructor(@Inject(DeviceRepository) private readonly devices: DeviceStore) {}

  @ServesRpc(DEVICE_RPC.boundDevices, 'bound_devices')
  async execute(request: { pairs: readonly UserDevicePair[] }): Promise<{ bound: UserDevicePair[] }> {
    const canonical = new Map<string, UserDevicePair>();
    for (const pair of request.pairs) {
      const macAddr = normalizeMac(pair.macAddr);
      if (macAddr) canonical.set(`${pair.userId}|${macAddr}`, { userId: pair.userId, macAddr });
    }
    return { bound: await this.devices.boundAmong([...canonical.values()]) };
  }
}
