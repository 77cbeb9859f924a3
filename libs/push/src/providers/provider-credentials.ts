/**
 * Merchants' push provider credentials (push.push_provider; decisions PS10): checked when an operator sets them
 * (a key that does not parse, or of the wrong kind, is refused without echoing it), encrypted with SECRETS_KEY
 * (AES-256-GCM, bound to the merchant and the provider), decrypted only to sign a provider call and never logged.
 * A replica keeps what it decrypted for 30 seconds: another replica's change reaches it within that.
 */
import { createPrivateKey } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode, PUSH_PROVIDER_BODIES, PlatformError, type PushProviderName, type PushProviderView, parseAdminBody } from '@dcp/contracts';
import { type CiphertextColumn, RUNTIME_CLOCK, RUNTIME_CONFIG, type Clock, serviceDatabaseToken, staleCiphertexts } from '@dcp/runtime';
import { SecretBox } from '@dcp/signing';
import type { PushConfig } from '../push-config';
import type { PushDatabase } from '../push-database.types';
import type { ApnsCredentials, FcmCredentials } from '../delivery/providers/provider-push';

export interface WebhookCredentials {
  readonly url: string;
}

export interface CredentialsOf {
  fcm: FcmCredentials;
  apns: ApnsCredentials;
  webhook: WebhookCredentials;
}

/** A stored row as the re-encryption job reads it. */
export interface StoredProvider {
  id: number;
  clientId: string;
  provider: string;
  ciphertext: string;
}

const CACHE_MS = 30_000;
/** Credentials with their key-prefix index (push migration 20261127125310_provider_key_prefix_index). */
const STALE_CREDENTIALS: CiphertextColumn = { table: '"push"."push_provider"', id: '"id"', ciphertext: '"ciphertext"', select: 'id, client_id AS "clientId", provider, ciphertext' };

@Injectable()
export class ProviderCredentials {
  private readonly box: SecretBox;
  private readonly cache = new Map<string, { value: unknown; until: number }>();

  constructor(
    @Inject(serviceDatabaseToken('push')) private readonly db: PushDatabase,
    @Inject(RUNTIME_CONFIG) config: Pick<PushConfig, 'secretsKey' | 'secretsKeyPrevious'>,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
  ) {
    this.box = new SecretBox(config.secretsKey, config.secretsKeyPrevious);
  }

  /** Checks and stores (replaces) a merchant's credentials of one provider. */
  async set(clientId: string, provider: PushProviderName, body: unknown): Promise<PushProviderView> {
    const credentials = checked(provider, parseAdminBody(PUSH_PROVIDER_BODIES[provider], body));
    const summary = summaryOf(provider, credentials);
    const ciphertext = this.box.encrypt(JSON.stringify(credentials), contextOf(clientId, provider));
    const updatedAt = new Date(this.clock.now());
    await this.db.client.pushProvider.upsert({
      where: { clientId_provider: { clientId, provider } },
      create: { clientId, provider, ciphertext, summary, updatedAt },
      update: { ciphertext, summary, updatedAt },
    });
    this.cache.delete(contextOf(clientId, provider));
    return { clientId, provider, summary, updatedAt: updatedAt.toISOString() };
  }

  async delete(clientId: string, provider: PushProviderName): Promise<boolean> {
    const { count } = await this.db.client.pushProvider.deleteMany({ where: { clientId, provider } });
    this.cache.delete(contextOf(clientId, provider));
    return count > 0;
  }

  /** What operators see of a merchant's providers. */
  async views(clientId: string): Promise<PushProviderView[]> {
    const rows = await this.db.client.pushProvider.findMany({ where: { clientId }, orderBy: { provider: 'asc' } });
    return rows.map((r) => ({ clientId: r.clientId, provider: r.provider as PushProviderName, summary: r.summary as Record<string, string>, updatedAt: r.updatedAt.toISOString() }));
  }

  async isSet(clientId: string, provider: PushProviderName): Promise<boolean> {
    return (await this.get(clientId, provider)) !== undefined;
  }

  /** The decrypted credentials, or undefined when the merchant has none for the provider. */
  async get<P extends PushProviderName>(clientId: string, provider: P): Promise<CredentialsOf[P] | undefined> {
    const key = contextOf(clientId, provider);
    const now = this.clock.now();
    const cached = this.cache.get(key);
    if (cached && cached.until > now) return cached.value as CredentialsOf[P] | undefined;
    const row = await this.db.client.pushProvider.findUnique({ where: { clientId_provider: { clientId, provider } }, select: { ciphertext: true } });
    const value = row ? (JSON.parse(this.box.decrypt(row.ciphertext, key)) as CredentialsOf[P]) : undefined;
    this.cache.set(key, { value, until: now + CACHE_MS });
    return value;
  }

  // Re-encryption after a SECRETS_KEY rotation (decisions SK2).
  get currentPrefix(): string {
    return this.box.currentPrefix;
  }

  /** Credentials not under the current key, after `after` in the key-prefix index's order (SK5): an index probe when none is. */
  stale(after: StoredProvider | undefined, limit: number): Promise<StoredProvider[]> {
    const position = after === undefined ? undefined : { id: after.id, ciphertext: after.ciphertext };
    return this.db.client.$queryRaw<StoredProvider[]>(staleCiphertexts(STALE_CREDENTIALS, this.box.currentPrefix, position, limit));
  }

  reencrypt(row: StoredProvider): StoredProvider {
    return { ...row, ciphertext: this.box.reencrypt(row.ciphertext, contextOf(row.clientId, row.provider)) };
  }

  async replace(read: StoredProvider, reencrypted: StoredProvider): Promise<boolean> {
    const { count } = await this.db.client.pushProvider.updateMany({ where: { id: read.id, ciphertext: read.ciphertext }, data: { ciphertext: reencrypted.ciphertext } });
    return count === 1;
  }
}

const contextOf = (clientId: string, provider: string) => `push-provider:${clientId}:${provider}`;

function invalidKey(why: string): PlatformError {
  return new PlatformError(ErrorCode.ADMIN_VALIDATION_FAILED, `invalid field privateKey: ${why}`);
}

/** The key must be what the provider signs with: RSA for Google service accounts, EC P-256 for APNs (.p8). */
function checked<P extends PushProviderName>(provider: P, body: CredentialsOf[P]): CredentialsOf[P] {
  if (provider === 'webhook') return body;
  const { privateKey } = body as FcmCredentials | ApnsCredentials;
  let key;
  try {
    key = createPrivateKey({ key: privateKey.replace(/\\n/g, '\n'), format: 'pem' });
  } catch {
    throw invalidKey('not a PEM private key');
  }
  if (provider === 'fcm' && key.asymmetricKeyType !== 'rsa') throw invalidKey('a service account key is an RSA key');
  if (provider === 'apns' && (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1')) throw invalidKey('an APNs key (.p8) is an EC P-256 key');
  // Stored as PKCS#8, whatever PEM form was pasted (a key file's JSON carries "\n" escapes).
  return { ...body, privateKey: key.export({ type: 'pkcs8', format: 'pem' }).toString() };
}

function summaryOf(provider: PushProviderName, c: CredentialsOf[PushProviderName]): Record<string, string> {
  switch (provider) {
    case 'fcm': {
      const f = c as FcmCredentials;
      return { projectId: f.projectId, clientEmail: f.clientEmail };
    }
    case 'apns': {
      const a = c as ApnsCredentials;
      return { teamId: a.teamId, keyId: a.keyId, bundleId: a.bundleId, environment: a.environment };
    }
    case 'webhook':
      return { url: (c as WebhookCredentials).url };
  }
}
