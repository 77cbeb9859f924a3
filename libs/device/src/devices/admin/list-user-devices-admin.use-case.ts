/** ADMIN_LOOKUP_RPC.listUserDevices: one page of a user's devices, in the order they were bound. */
import { Injectable } from '@nestjs/common';
import { type AdminDeviceView, resolvePage, ADMIN_LOOKUP_RPC } from '@dcp/contracts';
import { AdminDeviceReads } from './admin-device.reads';
import { toAdminDeviceView } from './admin-device.mapper';
import { ServesRpc } from '@dcp/runtime';

@Injectable()
export class ListUserDevicesAdminUseCase {
  constructor(private readonly devices: AdminDeviceReads) {}

  @ServesRpc(ADMIN_LOOKUP_RPC.listUserDevices, 'admin.list_user_devices')
  async execute(request: { userId: number; limit?: number; offset?: number }): Promise<{ items: AdminDeviceView[]; total: number }> {
    const { limit, offset } = resolvePage(request);
    const { items, total } = await this.devices.pageByUser(request.userId, limit, offset);
    return { items: items.map(toAdminDeviceView), total };
  }
}
