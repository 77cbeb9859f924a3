/** After a SECRETS_KEY rotation, moves merchants' client secrets and users' subtokens to the new key (SK2, SK4). */
import { Injectable } from '@nestjs/common';
import { SecretReencryptionJob } from '@dcp/runtime';
import { MerchantRepository, type StaleMerchantSecrets } from './merchants/merchant.repository';
import { MerchantSecrets } from './merchants/merchant-secrets';
import { SubServiceRepository } from './sub-service/sub-service.repository';
import { type StoredSubtoken, Subtokens } from './sub-service/subtokens';

@Injectable()
export class ReencryptSsoSecretsJob extends SecretReencryptionJob {
  constructor(merchants: MerchantRepository, secrets: MerchantSecrets, subServices: SubServiceRepository, subtokens: Subtokens) {
    super('sso-service', {
      'merchant client secrets': {
        stale: (after: StaleMerchantSecrets | undefined, limit: number) => merchants.staleSecrets('secret', after, limit, secrets.currentPrefix),
        reencrypt: (merchant: StaleMerchantSecrets) => secrets.reencrypt(merchant),
        replace: (read: StaleMerchantSecrets, reencrypted: StaleMerchantSecrets) => merchants.replaceSecretCiphertexts(read, reencrypted),
      },
      // Re-encrypting a merchant moves both its secrets: this walk finds those whose previous one alone is left.
      'merchant previous client secrets': {
        stale: (after: StaleMerchantSecrets | undefined, limit: number) => merchants.staleSecrets('previousSecret', after, limit, secrets.currentPrefix),
        reencrypt: (merchant: StaleMerchantSecrets) => secrets.reencrypt(merchant),
        replace: (read: StaleMerchantSecrets, reencrypted: StaleMerchantSecrets) => merchants.replaceSecretCiphertexts(read, reencrypted),
      },
      'stream subtokens': {
        stale: (after: (StoredSubtoken & { id: number }) | undefined, limit: number) => subServices.staleSubtokens(after, limit),
        reencrypt: (row: StoredSubtoken & { id: number }) => subtokens.reencrypt(row),
        replace: (read: StoredSubtoken & { id: number }, reencrypted: StoredSubtoken & { id: number }) => subServices.replaceSubtoken(read, reencrypted),
      },
    });
  }
}
