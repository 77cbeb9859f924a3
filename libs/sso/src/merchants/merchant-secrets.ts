/**
 * Client secrets: generated, encrypted at rest with the platform's SECRETS_KEY (AES-256-GCM), decrypted only
 * to sign or verify. Never logged.
 */
import { Inject, Injectable } from '@nestjs/common';
import { RUNTIME_CONFIG } from '@dcp/runtime';
import { CLIENT_SECRET_LENGTH, randomBase62 } from '../common/random';
import type { SsoConfig } from '../sso-config';
import { SecretBox } from '@dcp/signing';
import type { Merchant } from './merchant';

@Injectable()
export class MerchantSecrets {
  private readonly box: SecretBox;

  constructor(@Inject(RUNTIME_CONFIG) config: Pick<SsoConfig, 'secretsKey' | 'secretsKeyPrevious'>) {
    this.box = new SecretBox(config.secretsKey, config.secretsKeyPrevious);
  }

  /** True when a ciphertext of this merchant is under an old SECRETS_KEY (SK2: re-encrypted at start). */
  isStale(merchant: Pick<Merchant, 'secretCiphertext' | 'previousSecretCiphertext'>): boolean {
    return this.box.isStale(merchant.secretCiphertext) || (merchant.previousSecretCiphertext !== null && this.box.isStale(merchant.previousSecretCiphertext));
  }

  /** The key prefix every ciphertext under the current SECRETS_KEY starts with. */
  get currentPrefix(): string {
    return this.box.currentPrefix;
  }

  /** The merchant's secrets under the current SECRETS_KEY. */
  reencrypt<M extends Pick<Merchant, 'clientId' | 'secretCiphertext' | 'previousSecretCiphertext'>>(merchant: M): M {
    return {
      ...merchant,
      secretCiphertext: this.box.reencrypt(merchant.secretCiphertext, merchant.clientId),
      previousSecretCiphertext: merchant.previousSecretCiphertext === null ? null : this.box.reencrypt(merchant.previousSecretCiphertext, merchant.clientId),
    };
  }

  generate(): string {
    return randomBase62(CLIENT_SECRET_LENGTH);
  }

  encrypt(clientId: string, secret: string): string {
    return this.box.encrypt(secret, clientId);
  }

  /** The secret the platform signs its own calls to the merchant with. */
  current(merchant: Pick<Merchant, 'clientId' | 'secretCiphertext'>): string {
    return this.box.decrypt(merchant.secretCiphertext, merchant.clientId);
  }

  /** Secrets a merchant's request may be signed with: the current one, plus the previous during its grace. */
  acceptable(merchant: Merchant, now: number): string[] {
    const secrets = [this.current(merchant)];
    if (merchant.previousSecretCiphertext && merchant.previousSecretExpiresAt && merchant.previousSecretExpiresAt.getTime() > now) {
      secrets.push(this.box.decrypt(merchant.previousSecretCiphertext, merchant.clientId));
    }
    return secrets;
  }
}
