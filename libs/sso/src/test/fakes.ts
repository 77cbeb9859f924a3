/** Test doubles for unit specs (time: ManualClock from @dcp/testing): merchants with real encrypted secrets, an in-memory signature store. */
import { randomBytes } from 'node:crypto';
import { signedHeaders } from '@dcp/signing';
import type { SignedSsoRequest } from '@dcp/contracts';
import type { MerchantClient } from '../merchant-client/merchant-client';
import type { MerchantAnswer } from '../merchant-client/merchant-user';
import type { Merchant } from '../merchants/merchant';
import { MerchantSecrets } from '../merchants/merchant-secrets';
import type { SsoConfig } from '../sso-config';
import type { AccessTokenFacts, AccessTokenLookup } from '../sessions/access-token.lookup';
import type { SignedRequestVerifier } from '../signature/signed-request.verifier';
import type { UsedSignatures } from '../signature/used-signature.store';

/** The secrets keys sso-service reads (a fresh SECRETS_KEY, no previous keys) and whether merchants may be on private networks. */
export function fakeConfig(overrides: { allowPrivateNetworks?: boolean } = {}): Pick<SsoConfig, 'secretsKey' | 'secretsKeyPrevious' | 'merchantAllowPrivateNetworks'> {
  return { secretsKey: randomBytes(32), secretsKeyPrevious: [], merchantAllowPrivateNetworks: overrides.allowPrivateNetworks ?? true };
}

export function merchantSecrets(config: Pick<SsoConfig, 'secretsKey' | 'secretsKeyPrevious'> = fakeConfig()): MerchantSecrets {
  return new MerchantSecrets(config);
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

/** A verifier that takes every request as signed by `merchant` (for use cases whose specs are not about the signature). */
export function verifierAccepting(merchant: Merchant): SignedRequestVerifier {
  return { verify: async () => merchant } as Pick<SignedRequestVerifier, 'verify'> as SignedRequestVerifier;
}

/** An access-token lookup finding `facts` whatever it is asked. */
export function lookupFinding(facts: AccessTokenFacts): AccessTokenLookup {
  const lookup: Pick<AccessTokenLookup, 'facts'> = { facts: async () => facts };
  return lookup as AccessTokenLookup;
}

/** A merchant's endpoints answering every call with `answer` (or failing with it), recording the token or uuid each was asked about. */
export function fakeMerchantClient(answer: MerchantAnswer | Error): { client: MerchantClient; asked: string[] } {
  const asked: string[] = [];
  const call = async (_merchant: Merchant, tokenOrUuid: string): Promise<MerchantAnswer> => {
    asked.push(tokenOrUuid);
    if (answer instanceof Error) throw answer;
    return answer;
  };
  const client: Pick<MerchantClient, 'validateToken' | 'getUserProfile'> = { validateToken: call, getUserProfile: call };
  return { client: client as MerchantClient, asked };
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
