import type { MerchantView, MerchantWithSecret } from '@dcp/contracts';
import type { Merchant } from './merchant';

export function toMerchantView(m: Merchant, now: number): MerchantView {
  const graceRunning = m.previousSecretExpiresAt && m.previousSecretExpiresAt.getTime() > now;
  return {
    clientId: m.clientId,
    name: m.name,
    tokenValidationUrl: m.tokenValidationUrl,
    userProfileUrl: m.userProfileUrl,
    accessTokenTtlSeconds: m.accessTokenTtlSeconds,
    refreshTokenTtlSeconds: m.refreshTokenTtlSeconds,
    refreshTokenRotation: m.refreshTokenRotation,
    enabled: m.enabled,
    previousSecretExpiresAt: graceRunning ? (m.previousSecretExpiresAt as Date).toISOString() : null,
    createdAt: m.createdAt.toISOString(),
    updatedAt: m.updatedAt.toISOString(),
  };
}

export function withSecret(view: MerchantView, clientSecret: string): MerchantWithSecret {
  return { ...view, clientSecret };
}
