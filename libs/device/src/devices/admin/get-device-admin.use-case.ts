/** ADMIN_LOOKUP_RPC.getDevice: the device bound under a canonical MAC (ADMIN_NOT_FOUND when none is). */
import { Injectable } from '@nestjs/common';
import { type AdminDeviceView, ErrorCode, PlatformError, ADMIN_LOOKUP_RPC } from '@dcp/contracts';
import { AdminDeviceReads } from './admin-device.reads';
import { toAdminDeviceView } from './admin-device.mapper';
import { ServesRpc } from '@dcp/runtime';

@Injectable()
export class GetDeviceAdminUseCase {
  constructor(private readonly devices: AdminDeviceReads) {}

  @ServesRpc(ADMIN_LOOKUP_RPC.getDevice, 'admin.get_device')
  async execute(request: { macAddr: string }): Promise<AdminDeviceView> {
    const device = await this.devices.findByMac(request.macAddr);
    if (!device) throw new PlatformError(ErrorCode.ADMIN_NOT_FOUND, `no device ${request.macAddr} is bound`);
    return toAdminDeviceView(device);
  }
}
