/** A device as operators see it: every field but the password (its ciphertext never leaves the service). */
import type { AdminDeviceView } from '@dcp/contracts';
import type { DeviceWithManufacturer } from './admin-device.reads';

export function toAdminDeviceView(d: DeviceWithManufacturer): AdminDeviceView {
  return {
    macAddr: d.macAddr,
    userId: d.userId,
    deviceName: d.deviceName,
    productName: d.productName,
    oemCode: d.oemCode,
    manufacturerName: d.manufacturerName,
    username: d.username,
    hasusertag: d.hasusertag,
    supportStore: d.supportStore,
    supportRichMedia: d.supportRichMedia,
    boundAt: d.createdAt.toISOString(),
    updatedAt: d.updatedAt.toISOString(),
  };
}
