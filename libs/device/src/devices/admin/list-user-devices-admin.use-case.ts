/**
 * ADMIN_LOOKUP_RPC.listUserDevices: one page of a user's devices, in the order they were bound. Paged by cursor
 * or a bounded offset, the total exact or estimated (libs/contracts/src/admin-paging.ts).
 */
import { Injectable } from '@nestjs/common';
import { type AdminDeviceView, type ListPage, listPaging, ADMIN_LOOKUP_RPC } from '@dcp/contracts';
import { ServesRpc } from '@dcp/runtime';
import { z } from 'zod';
import { AdminDeviceReads } from './admin-device.reads';
import { toAdminDeviceView } from './admin-device.mapper';

/** A user's devices, by device id (the cursor of the user view's devices). */
const USER_DEVICE_PAGES = listPaging('user-devices', z.tuple([z.number().int().positive()]));

@Injectable()
export class ListUserDevicesAdminUseCase {
  constructor(private readonly devices: AdminDeviceReads) {}

  @ServesRpc(ADMIN_LOOKUP_RPC.listUserDevices, 'admin.list_user_devices')
  async execute(request: { userId: number; limit?: unknown; offset?: unknown; cursor?: unknown }): Promise<ListPage<AdminDeviceView>> {
    const filters = { userId: request.userId };
    const page = USER_DEVICE_PAGES.resolve(request, filters);
    const { items, ...total } = await this.devices.pageByUser(request.userId, page);
    return USER_DEVICE_PAGES.answer(items, page, filters, total, (d) => [d.id], toAdminDeviceView);
  }
}
