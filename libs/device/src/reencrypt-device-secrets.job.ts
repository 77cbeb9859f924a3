/** After a SECRETS_KEY rotation, moves manufacturers' delKeys and devices' passwords to the new key (SK2). */
import { Injectable } from '@nestjs/common';
import { SecretReencryptionJob } from '@dcp/runtime';
import { DevicePasswords } from './devices/device-passwords';
import { DeviceRepository, type StalePassword } from './devices/device.repository';
import { DelKeys } from './manufacturers/del-keys';
import { ManufacturerRepository, type StaleDelKey } from './manufacturers/manufacturer.repository';

@Injectable()
export class ReencryptDeviceSecretsJob extends SecretReencryptionJob {
  constructor(manufacturers: ManufacturerRepository, delKeys: DelKeys, devices: DeviceRepository, passwords: DevicePasswords) {
    super('device-service', {
      'manufacturer delKeys': {
        stale: (after: StaleDelKey | undefined, limit: number) => manufacturers.staleDelKeys(after, limit, delKeys.currentPrefix),
        reencrypt: (manufacturer: StaleDelKey) => delKeys.reencrypt(manufacturer),
        replace: (read: StaleDelKey, reencrypted: StaleDelKey) => manufacturers.replaceDelKeyCiphertext(read, reencrypted),
      },
      'device passwords': {
        stale: (after: StalePassword | undefined, limit: number) => devices.stalePasswords(after, limit, passwords.currentPrefix),
        reencrypt: (device: StalePassword) => passwords.reencrypt(device),
        replace: (read: StalePassword, reencrypted: StalePassword) => devices.replacePasswordCiphertext(read, reencrypted),
      },
    });
  }
}
