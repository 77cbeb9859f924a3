/**
 * Issues a new client secret (shown once). The replaced secret keeps verifying the merchant's requests for
 * `graceSeconds` so the merchant can roll it out; the platform signs its own calls with the new one at once.
 * A second rotation inside a grace period replaces the older previous secret.
 */
import { Inject, Injectable, Logger } from '@nestjs/common';
import { ErrorCode, MERCHANT_LIMITS, PlatformError, type MerchantWithSecret, rotateMerchantSecretBodySchema, parseAdminBody, SSO_ADMIN_RPC } from '@dcp/contracts';
import { RUNTIME_CLOCK, type Clock, ServesRpc } from '@dcp/runtime';
import { merchantNotFound } from './admin-input';
import { toMerchantView, withSecret } from './merchant.mapper';
import { MerchantRepository, type MerchantStore } from './merchant.repository';
import { MerchantSecrets } from './merchant-secrets';

@Injectable()
export class RotateMerchantSecretUseCase {
  private readonly logger = new Logger('sso-merchants');

  constructor(
    @Inject(MerchantRepository) private readonly merchants: MerchantStore,
    private readonly secrets: MerchantSecrets,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
  ) {}

  @ServesRpc(SSO_ADMIN_RPC.rotateMerchantSecret, 'admin.rotate_merchant_secret')
  async execute(request: { clientId: string; body: unknown }): Promise<MerchantWithSecret> {
    const { graceSeconds = MERCHANT_LIMITS.defaultSecretGraceSeconds } = parseAdminBody(rotateMerchantSecretBodySchema, request.body);
    const current = await this.merchants.findByClientId(request.clientId);
    if (!current) throw merchantNotFound(request.clientId);
    const now = this.clock.now();
    const clientSecret = this.secrets.generate();
    const updated = await this.merchants.update(
      current.clientId,
      {
        secretCiphertext: this.secrets.encrypt(current.clientId, clientSecret),
        previousSecretCiphertext: graceSeconds > 0 ? current.secretCiphertext : null,
        previousSecretExpiresAt: graceSeconds > 0 ? new Date(now + graceSeconds * 1000) : null,
      },
      current.secretCiphertext,
    );
    // Another rotation won the race: this secret was never stored, so it must not be shown.
    if (!updated) throw new PlatformError(ErrorCode.ADMIN_CONFLICT, `the secret of ${request.clientId} was rotated concurrently; retry`);
    this.logger.log(`merchant ${updated.clientId}: client secret rotated, previous secret valid for ${graceSeconds} s`);
    return withSecret(toMerchantView(updated, now), clientSecret);
  }
}
