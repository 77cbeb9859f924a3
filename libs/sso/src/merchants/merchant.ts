/** A merchant as the service's use cases see it (no Prisma types outside the repositories). */
export interface Merchant {
  id: number;
  clientId: string;
  name: string;
  tokenValidationUrl: string;
  userProfileUrl: string;
  secretCiphertext: string;
  previousSecretCiphertext: string | null;
  previousSecretExpiresAt: Date | null;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  refreshTokenRotation: boolean;
  enabled: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export interface NewMerchant {
  clientId: string;
  name: string;
  tokenValidationUrl: string;
  userProfileUrl: string;
  secretCiphertext: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  refreshTokenRotation: boolean;
}

export type MerchantChanges = Partial<
  Pick<
    Merchant,
    | 'name'
    | 'tokenValidationUrl'
    | 'userProfileUrl'
    | 'accessTokenTtlSeconds'
    | 'refreshTokenTtlSeconds'
    | 'refreshTokenRotation'
    | 'enabled'
    | 'secretCiphertext'
    | 'previousSecretCiphertext'
    | 'previousSecretExpiresAt'
  >
>;
