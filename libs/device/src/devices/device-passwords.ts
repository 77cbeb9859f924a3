/**
 * Device passwords: opaque to the platform (the app encrypts them, spec 2.4), stored encrypted at rest with
 * SECRETS_KEY (AES-256-GCM) and the device's canonical MAC bound as additional data, returned as sent
 * (docs/decisions.md D4). Passwords stored before the canonical MAC became 12 hex digits (D1) were bound to
 * the colon spelling `AA:BB:CC:DD:EE:FF`: they still decrypt (D24); an update re-encrypts them under the
 * canonical form. The box keeps up to OPENED_PASSWORDS opened passwords (decisions SK6): a user's device list
 * decrypts each row once, not on every call.
 */
import { Inject, Injectable } from '@nestjs/common';
import { colonMac } from '@dcp/contracts';
import { RUNTIME_CONFIG } from '@dcp/runtime';
import { SecretBox } from '@dcp/signing';
import type { DeviceConfig } from '../device-config';
import type { Device } from './device';

/**
 * Opened passwords kept per process: at most ~12 MB (an entry holds the ciphertext, the MAC and the password,
 * ≤ 160 characters; typically ~250 bytes), the devices of the users who list theirs most.
 */
export const OPENED_PASSWORDS = 50_000;

@Injectable()
export class DevicePasswords {
  private readonly box: SecretBox;

  constructor(@Inject(RUNTIME_CONFIG) config: DeviceConfig) {
    this.box = new SecretBox(config.secretsKey, config.secretsKeyPrevious, { remember: OPENED_PASSWORDS });
  }

  encrypt(macAddr: string, password: string): string {
    return this.box.encrypt(password, macAddr);
  }

  /** The key prefix every password ciphertext under the current SECRETS_KEY starts with (SK2). */
  get currentPrefix(): string {
    return this.box.currentPrefix;
  }

  /** The device's password under the current SECRETS_KEY and bound to the canonical MAC (also ends D24's colon binding). */
  reencrypt<D extends Pick<Device, 'macAddr' | 'passwordCiphertext'>>(device: D): D {
    return { ...device, passwordCiphertext: this.encrypt(device.macAddr, this.decrypt(device)) };
  }

  decrypt(device: Pick<Device, 'macAddr' | 'passwordCiphertext'>): string {
    try {
      return this.box.decrypt(device.passwordCiphertext, device.macAddr);
    } catch (err) {
      // Bound to the MAC's colon spelling (encrypted before D1 changed): the same device, the same key.
      const legacy = colonMac(device.macAddr);
      if (legacy === undefined) throw err;
      try {
        return this.box.decrypt(device.passwordCiphertext, legacy);
      } catch {
        throw err;
      }
    }
  }
}
