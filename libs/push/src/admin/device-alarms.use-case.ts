/**
 * PUSH_ADMIN_RPC.deviceAlarms (`GET /admin/v1/push/devices/{mac}/alarms`): a device's messages, newest first, with
 * their picture URLs and deliveries (the console's device page).
 */
import { Injectable } from '@nestjs/common';
import { ErrorCode, PUSH_ADMIN_RPC, PlatformError, normalizeMac, resolvePage } from '@dcp/contracts';
import { ServesRpc } from '@dcp/runtime';
import { PictureUrls } from '../pictures/picture-urls';
import { DeliveryAdminRepository } from './delivery-admin.repository';

@Injectable()
export class DeviceAlarmsUseCase {
  constructor(
    private readonly deliveries: DeliveryAdminRepository,
    private readonly pictures: PictureUrls,
  ) {}

  @ServesRpc(PUSH_ADMIN_RPC.deviceAlarms, 'admin.device_alarms')
  async execute(req: { macAddr: string; limit?: number; offset?: number }) {
    const macAddr = normalizeMac(req.macAddr);
    if (!macAddr) throw new PlatformError(ErrorCode.ADMIN_VALIDATION_FAILED, 'invalid field macAddr: is not a MAC address');
    const { limit, offset } = resolvePage(req);
    const page = await this.deliveries.deviceMessages(macAddr, offset, limit);
    return {
      total: page.total,
      items: page.items.map((m) => ({
        messageId: m.id,
        userId: m.userId,
        macAddr: m.macAddr,
        type: m.type,
        time: m.firstAt.toISOString(),
        lastTime: m.lastAt.toISOString(),
        count: m.count,
        read: m.readAt !== null,
        pictureUrl: m.pictureBytes > 0 ? this.pictures.of(m.id) : '',
        deliveries: m.deliveries,
      })),
    };
  }
}
