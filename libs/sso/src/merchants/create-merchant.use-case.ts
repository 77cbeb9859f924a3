/** Registers a merchant: random clientId and secret; the secret is returned this once and stored encrypted. */
import { Inject, Injectable, Logger } from '@nestjs/common';
import { MERCHANT_LIMITS, createMerchantBodySchema, type MerchantWithSecret, parseAdminBody, SSO_ADMIN_RPC } from '@dcp/contracts';
import { CLIENT_ID_LENGTH, randomBase62 } from '../common/random';
import { RUNTIME_CLOCK, type Clock, ServesRpc } from '@dcp/runtime';
import { assertTtlOrder } from './admin-input';
import { toMerchantView, withSecret } from './merchant.mapper';
import { MerchantRepository, type MerchantStore } from './merchant.repository';
import { MerchantSecrets } from './merchant-secrets';

@Injectable()
export class CreateMerchantUseCase {
  private readonly logger = new Logger('sso-merchants');

  constructor(
    @Inject(MerchantRepository) private readonly merchants: MerchantStore,
    private readonly secrets: MerchantSecrets,
    @Inject(RUNTIME_CLOCK) private readonly clock: Clock,
  ) {}

  @ServesRpc(SSO_ADMIN_RPC.createMerchant, 'admin.create_merchant')
  async execute(request: { body: unknown }): Promise<MerchantWithSecret> {
    const body = parseAdminBody(createMerchantBodySchema, request.body);
    const accessTokenTtlSeconds = body.accessTokenTtlSeconds ?? MERCHANT_LIMITS.defaultAccessTokenTtlSeconds;
    const refreshTokenTtlSeconds = body.refreshTokenTtlSeconds ?? MERCHANT_LIMITS.defaultRefreshTokenTtlSeconds;
    assertTtlOrder(accessTokenTtlSeconds, refreshTokenTtlSeconds);
    const clientId = randomBase62(CLIENT_ID_LENGTH);
    const clientSecret = this.secrets.generate();
    const merchant = await this.merchants.create({
      clientId,
      name: body.name,
      tokenValidationUrl: body.tokenValidationUrl,
      userProfileUrl: body.userProfileUrl,
      secretCiphertext: this.secrets.encrypt(clientId, clientSecret),
      accessTokenTtlSeconds,
      refreshTokenTtlSeconds,
      refreshTokenRotation: body.refreshTokenRotation ?? false,
    });
    this.logger.log(`merchant ${clientId} (${merchant.name}) registered`);
    return withSecret(toMerchantView(merchant, this.clock.now()), clientSecret);
  }
}
