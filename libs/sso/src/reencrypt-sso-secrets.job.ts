/** After a SECRETS_KEY rotation, moves merchants' client secrets and users' subtokens to the new key (SK2, SK4). */
import { Injectable } from '@nestjs/common';
import { SecretReencryptionJob } from '@dcp/runtime';
import type { Merchant } from './merchants/merchant';
import { MerchantRepository } from './merchants/merchant.repository';
import { MerchantSecrets } from './merchants/merchant-secrets';
import { SubServiceRepository } from './sub-service/sub-service.repository';
import { type StoredSubtoken, Subtokens } from './sub-service/subtokens';

@Injectable()
export class ReencryptSsoSecretsJob extends SecretReencryptionJob {
  constructor(merchants: MerchantRepository, secrets: MerchantSecrets, subServices: SubServiceRepository, subtokens: Subtokens) {
    super('sso-service', {
      'merchant client secrets': {
        stale: (afterId, limit) => merchants.staleSecrets(afterId, limit, secrets.currentPrefix),
        reencrypt: (merchant: Merchant) => secrets.reencrypt(merchant),
        replace: (read: Merchant, reencrypted: Merchant) => merchants.replaceSecretCiphertexts(read, reencrypted),
      },
      'stream subtokens': {
        stale: (afterId, limit) => subServices.staleSubtokens(afterId, limit),
        reencrypt: (row: StoredSubtoken & { id: number }) => subtokens.reencrypt(row),
        replace: (read: StoredSubtoken & { id: number }, reencrypted: StoredSubtoken & { id: number }) => subServices.replaceSubtoken(read, reencrypted),
      },
    });
  }
}
