/**
 * Spec 5.1 for the three SSO operations, in this order: every header present, merchant known and enabled,
 * x-version 1.0, clock skew at most 15 s, signature equal under the current secret (or the previous one while
 * its grace period runs), signature never used before. Each refusal has its own code and names what failed.
 */
import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode, PlatformError, type SignedSsoRequest } from '@dcp/contracts';
import { MAX_CLOCK_SKEW_SECONDS, SIGNATURE_VERSION, missingHeader, verifySignature } from '@dcp/signing';
import type { Merchant } from '../merchants/merchant';
import type { MerchantLookup } from '../merchants/merchant.repository';
import { SignedRequestMerchants } from '../merchants/signed-request-merchants';
import { MerchantSecrets } from '../merchants/merchant-secrets';
import { RUNTIME_CLOCK, type Clock } from '@dcp/runtime';
import { UsedSignatureStore, type UsedSignatures } from './used-signature.store';

/** A used signature is remembered one second past the last instant its x-client-time is still accepted. */
/**
 * How long past x-client-time a used signature is kept (decisions R2): the ±15 s window plus a minute, because
 * each replica purges expired rows by its own clock and one running a second ahead must not drop a signature
 * that a replica behind it would still accept (the force-unbind sign keeps the same margin, D15).
 */
export const REMEMBER_SECONDS = MAX_CLOCK_SKEW_SECONDS + 60;

@Injectable()
export class SignedRequestVerifier {
  constructor(
    @Inject(SignedRequestMerchants) private readonly merchants: MerchantLookup,
    private readonly secrets: MerchantSecrets,
    @Inject(UsedSignatureStore) private readonly usedSignatures: UsedSignatures,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
  ) {}

  /** The merchant that signed the request; throws the matching SSO_* PlatformError otherwise. */
  async verify(request: SignedSsoRequest): Promise<Merchant> {
    const h = request.headers;
    const missing = missingHeader(h);
    if (missing) throw new PlatformError(ErrorCode.SSO_SIGNATURE_HEADER_MISSING, `signature header ${missing} is missing or empty`);
    const clientId = h.clientId as string;
    let merchant = this.usable(clientId.length <= 40 ? await this.merchants.findByClientId(clientId) : null, clientId, h.version);
    const now = this.clock.now();
    let result = this.check(request, merchant, now);
    if (!result.ok && result.reason === 'mismatch') {
      // The row may have been kept from before its secret was rotated on another replica (decisions R5).
      const reread = await this.merchants.reread(clientId);
      if (reread && !sameSecrets(reread, merchant)) {
        merchant = this.usable(reread, clientId, h.version);
        result = this.check(request, merchant, now);
      }
    }
    if (!result.ok) {
      if (result.reason === 'time-skew') {
        const detail = result.skewSeconds === null ? 'x-client-time is not a unix timestamp in seconds' : `x-client-time is ${Math.abs(result.skewSeconds)} s away from server time`;
        throw new PlatformError(ErrorCode.SSO_SIGNATURE_TIME_SKEW, `${detail} (at most ${MAX_CLOCK_SKEW_SECONDS} s allowed)`);
      }
      if (result.reason === 'missing-header') throw new PlatformError(ErrorCode.SSO_SIGNATURE_HEADER_MISSING, `signature header ${result.header} is missing or empty`);
      throw new PlatformError(ErrorCode.SSO_SIGNATURE_MISMATCH, 'sign does not match the request signed with the clientSecret');
    }
    // Signatures compare case-insensitively, so the lower-case form is the one that must not come back.
    const sign = (h.sign as string).toLowerCase();
    const expiresAt = new Date((Number(h.clientTime) + REMEMBER_SECONDS) * 1000);
    if (!(await this.usedSignatures.remember(merchant.clientId, sign, expiresAt))) {
      throw new PlatformError(ErrorCode.SSO_SIGNATURE_REPLAYED, 'this signature was already used; sign every request anew (a new x-client-time)');
    }
    return merchant;
  }

  /** The merchant when it is known and enabled and the request's x-version is supported; the refusal otherwise. */
  private usable(merchant: Merchant | null, clientId: string, version: unknown): Merchant {
    if (!merchant) throw new PlatformError(ErrorCode.SSO_SIGNATURE_CLIENT_UNKNOWN, `x-client-Id ${clientId.slice(0, 40)} is not a registered merchant`);
    if (!merchant.enabled) throw new PlatformError(ErrorCode.SSO_MERCHANT_DISABLED, `merchant ${merchant.clientId} is disabled`);
    if (version !== SIGNATURE_VERSION) {
      throw new PlatformError(ErrorCode.SSO_VERSION_UNSUPPORTED, `x-version ${String(version).slice(0, 16)} is not supported, use ${SIGNATURE_VERSION}`);
    }
    return merchant;
  }

  private check(request: SignedSsoRequest, merchant: Merchant, now: number): ReturnType<typeof verifySignature> {
    const h = request.headers;
    return verifySignature({
      method: request.method,
      path: request.path,
      params: request.params,
      headers: { 'x-client-time': h.clientTime, 'x-version': h.version, 'x-client-id': h.clientId, sign: h.sign },
      clientSecrets: this.secrets.acceptable(merchant, now),
      now,
    });
  }
}

function sameSecrets(a: Merchant, b: Merchant): boolean {
  return (
    a.secretCiphertext === b.secretCiphertext &&
    a.previousSecretCiphertext === b.previousSecretCiphertext &&
    (a.previousSecretExpiresAt?.getTime() ?? null) === (b.previousSecretExpiresAt?.getTime() ?? null)
  );
}
