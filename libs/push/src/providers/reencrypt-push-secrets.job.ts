/** After a SECRETS_KEY rotation, moves the merchants' push provider credentials to the new key (SK2). */
import { Injectable } from '@nestjs/common';
import { SecretReencryptionJob } from '@dcp/runtime';
import { ProviderCredentials, type StoredProvider } from './provider-credentials';

@Injectable()
export class ReencryptPushSecretsJob extends SecretReencryptionJob {
  constructor(credentials: ProviderCredentials) {
    super('push-service', {
      'push provider credentials': {
        stale: (after: StoredProvider | undefined, limit: number) => credentials.stale(after, limit),
        reencrypt: (row: StoredProvider) => credentials.reencrypt(row),
        replace: (read: StoredProvider, reencrypted: StoredProvider) => credentials.replace(read, reencrypted),
      },
    });
  }
}
