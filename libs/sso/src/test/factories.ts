/** Test data of sso-service's own records: one `makeX(overrides)` each, valid defaults, a fresh id and clientId per call. */
import type { MerchantUser } from '../merchant-client/merchant-user';
import type { Merchant } from '../merchants/merchant';
import type { MerchantSecrets } from '../merchants/merchant-secrets';
import type { AccessTokenFacts } from '../sessions/access-token.lookup';
import type { StoredRefreshToken } from '../sessions/session.repository';
import { merchantSecrets } from './fakes';

let nextMerchantId = 1;
let nextUuid = 1;
let nextTokenId = 1;

/**
 * An enabled merchant whose secret (`secret`, default 'secret') is encrypted under its clientId by `secrets`
 * (default: fresh keys) as sso-service stores it.
 */
export function makeMerchant(overrides: Partial<Merchant> = {}, { secrets = merchantSecrets(), secret = 'secret' }: { secrets?: MerchantSecrets; secret?: string } = {}): Merchant {
  const id = nextMerchantId++;
  const clientId = overrides.clientId ?? `client${id}`;
  return {
    id,
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

/** A user as a merchant's endpoints return it (spec 2.3): a fresh uuid, the optional texts empty. */
export function makeMerchantUser(overrides: Partial<MerchantUser> = {}): MerchantUser {
  const uuid = overrides.uuid ?? `u-${nextUuid++}`;
  return { uuid, username: `${uuid}@m.example`, name: 'N', nickname: '', phone: '', country: '', ...overrides };
}

/** What the access-token lookup finds for a valid call: merchant 1 enabled, user 7 of it, an ACCESS token of user 7 not revoked, expiring far ahead. */
export function makeAccessTokenFacts(overrides: Partial<AccessTokenFacts> = {}): AccessTokenFacts {
  return {
    merchantId: 1,
    merchantEnabled: true,
    userId: 7,
    userMerchantId: 1,
    uuid: 'uuid-7',
    tokenUserId: 7,
    tokenKind: 'ACCESS',
    tokenExpiresAt: new Date(8e12),
    tokenRevokedAt: null,
    ...overrides,
  };
}

/** A refresh token as the session store keeps it: user 7 (openId open-7) of merchant 1, family `fam`, neither consumed nor revoked, expiring far ahead. */
export function makeStoredRefreshToken(overrides: Partial<StoredRefreshToken> = {}): StoredRefreshToken {
  return { id: nextTokenId++, userId: 7, merchantId: 1, openId: 'open-7', family: 'fam', expiresAt: new Date(8e12), consumedAt: null, revokedAt: null, ...overrides };
}
