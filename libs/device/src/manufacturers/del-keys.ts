/**
 * Manufacturers' delKeys (the force-unbind secret of spec 4.4): generated here, shown once, stored encrypted
 * with SECRETS_KEY (AES-256-GCM, the oemCode bound as additional data), decrypted only to verify a sign.
 * Never logged.
 */
import { Inject, Injectable } from '@nestjs/common';
import { RUNTIME_CONFIG } from '@dcp/runtime';
import { SecretBox, randomBase62 } from '@dcp/signing';
import type { DeviceConfig } from '../device-config';
import { DEL_KEY_LENGTH, type Manufacturer } from './manufacturer';

@Injectable()
export class DelKeys {
  private readonly box: SecretBox;

  constructor(@Inject(RUNTIME_CONFIG) config: DeviceConfig) {
    this.box = new SecretBox(config.secretsKey, config.secretsKeyPrevious);
  }

  generate(): string {
    return randomBase62(DEL_KEY_LENGTH);
  }

  encrypt(oemCode: string, delKey: string): string {
    return this.box.encrypt(delKey, oemCode);
  }

  /** The key prefix every delKey ciphertext under the current SECRETS_KEY starts with (SK2). */
  get currentPrefix(): string {
    return this.box.currentPrefix;
  }

  /** The manufacturer's delKey under the current SECRETS_KEY. */
  reencrypt<M extends Pick<Manufacturer, 'oemCode' | 'delKeyCiphertext'>>(manufacturer: M): M {
    return { ...manufacturer, delKeyCiphertext: this.box.reencrypt(manufacturer.delKeyCiphertext, manufacturer.oemCode) };
  }

  current(manufacturer: Pick<Manufacturer, 'oemCode' | 'delKeyCiphertext'>): string {
    return this.box.decrypt(manufacturer.delKeyCiphertext, manufacturer.oemCode);
  }
}
