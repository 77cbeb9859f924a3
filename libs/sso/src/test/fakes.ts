/** Test doubles for unit specs (time: ManualClock from @dcp/testing): merchants with real encrypted secrets, an in-memory signature store. */
import { randomBytes } from 'node:crypto';
import { signedHeaders } from '@dcp/signing';
import type { SignedSsoRequest } from '@dcp/contracts';
import type { Merchant } from '../merchants/merchant';
import { MerchantSecrets } from '../merchants/merchant-secrets';
import type { SsoConfig } from '../sso-config';
import type { UsedSignatures } from '../signature/used-signature.store';

/** The secrets keys sso-service reads (a fresh SECRETS_KEY, no previous keys) and whether merchants may be on private networks. */
export function fakeConfig(overrides: { allowPrivateNetworks?: boolean } = {}): Pick<SsoConfig, 'secretsKey' | 'secretsKeyPrevious' | 'merchantAllowPrivateNetworks'> {
  return { secretsKey: randomBytes(32), secretsKeyPrevious: [], merchantAllowPrivateNetworks: overrides.allowPrivateNetworks ?? true };
}

export function merchantSecrets(config: Pick<SsoConfig, 'secretsKey' | 'secretsKeyPrevious'> = fakeConfig()): MerchantSecrets {
  return new MerchantSecrets(config);
}

let nextId = 1;

export function fakeMerchant(secrets: MerchantSecrets, secret: string, overrides: Partial<Merchant> = {}): Merchant {
  const clientId = overrides.clientId ?? `client${nextId}`;
  return {
    id: nextId++,
    clientId,
    name: 'Acme Cameras',
    tokenValidationUrl: 'https://merchant.example/idp/is_valid_token',
    userProfileUrl: 'https://merchant.example/idp/get_user_profile',
    secretCiphertext: secrets.encrypt(clientId, secret),
    previousSecretCiphertext: null,
    previousSecretExpiresAt: null,
    accessTokenTtlSeconds: 7200,
    refreshTokenTtlSeconds: 30 * 24 * 3600,
    refreshTokenRotation: false,
    enabled: true,
    createdAt: new Date(0),
    updatedAt: new Date(0),
    ...overrides,
  };
}

/** A request signed as a merchant's app would sign it (spec 5.1). */
export function signedRequest(
  path: string,
  params: Record<string, string>,
  clientId: string,
  clientSecret: string,
  nowMs: number,
  tweak: (headers: SignedSsoRequest['headers']) => SignedSsoRequest['headers'] = (h) => h,
): SignedSsoRequest {
  const h = signedHeaders({ method: 'POST', path, params, clientId, clientSecret, now: nowMs });
  return { method: 'POST', path, params, headers: tweak({ clientTime: h['x-client-time'], version: h['x-version'], clientId: h['x-client-Id'], sign: h.sign }) };
}

/** Used-signature store with the same first-insert-wins rule as the database table. */
export class MemoryUsedSignatures implements UsedSignatures {
  readonly seen = new Set<string>();
  async remember(clientId: string, sign: string): Promise<boolean> {
    const key = `${clientId}:${sign}`;
    if (this.seen.has(key)) return false;
    this.seen.add(key);
    return true;
  }
}

/** Catches a rejected promise's error for assertions on its code and details. */
export async function failure(promise: Promise<unknown>): Promise<{ code: string; failureDetails: string }> {
  try {
    await promise;
  } catch (err) {
    return err as { code: string; failureDetails: string };
  }
  throw new Error('expected a failure, got a success');
}
