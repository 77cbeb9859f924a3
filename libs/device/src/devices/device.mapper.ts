import type { DeviceRecord } from '@dcp/contracts';
import type { ListedDevice } from './device';

/** Spec 2.4 in query results: userId included, the password as the app sent it (decrypted by the caller). */
export function toDeviceRecord(device: ListedDevice, password: string): DeviceRecord {
  return {
    userId: device.userId,
    macAddr: device.macAddr,
    deviceName: device.deviceName,
    productName: device.productName,
    username: device.username,
    password,
    hasusertag: device.hasusertag,
    supportStore: device.supportStore,
    supportRichMedia: device.supportRichMedia,
    oemCode: device.oemCode,
  };
}
