/** After a SECRETS_KEY rotation, moves manufacturers' delKeys and devices' passwords to the new key (SK2). */
import { Injectable } from '@nestjs/common';
import { SecretReencryptionJob } from '@dcp/runtime';
import type { Device } from './devices/device';
import { DevicePasswords } from './devices/device-passwords';
import { DeviceRepository } from './devices/device.repository';
import { DelKeys } from './manufacturers/del-keys';
import type { Manufacturer } from './manufacturers/manufacturer';
import { ManufacturerRepository } from './manufacturers/manufacturer.repository';

@Injectable()
export class ReencryptDeviceSecretsJob extends SecretReencryptionJob {
  constructor(manufacturers: ManufacturerRepository, delKeys: DelKeys, devices: DeviceRepository, passwords: DevicePasswords) {
    super('device-service', {
      'manufacturer delKeys': {
        stale: (afterId, limit) => manufacturers.staleDelKeys(afterId, limit, delKeys.currentPrefix),
        reencrypt: (manufacturer: Manufacturer) => delKeys.reencrypt(manufacturer),
        replace: (read: Manufacturer, reencrypted: Manufacturer) => manufacturers.replaceDelKeyCiphertext(read, reencrypted),
      },
      'device passwords': {
        stale: (afterId, limit) => devices.stalePasswords(afterId, limit, passwords.currentPrefix),
        reencrypt: (device: Device) => passwords.reencrypt(device),
        replace: (read: Device, reencrypted: Device) => devices.replacePasswordCiphertext(read, reencrypted),
      },
    });
  }
}
