/**
 * Device passwords: opaque to the platform (the app encrypts them, spec 2.4), stored encrypted at rest with
 * SECRETS_KEY (AES-256-GCM) and the device's canonical MAC bound as additional data, returned as sent.
 */
import { Inject, Injectable } from '@nestjs/common';
import { RUNTIME_CONTEXT, type RuntimeContext } from '@dcp/runtime';
import { SecretBox } from '@dcp/signing';
import type { Device } from './device';

@Injectable()
export class DevicePasswords {
  private readonly box: SecretBox;

  constructor(@Inject(RUNTIME_CONTEXT) ctx: RuntimeContext) {
    this.box = new SecretBox(ctx.config.secretsKey);
  }

  encrypt(macAddr: string, password: string): string {
    return this.box.encrypt(password, macAddr);
  }

  decrypt(device: Pick<Device, 'macAddr' | 'passwordCiphertext'>): string {
    return this.box.decrypt(device.passwordCiphertext, device.macAddr);
  }
}
