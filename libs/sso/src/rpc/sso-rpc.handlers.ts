/**
 * Request-reply entry points of sso-service: the edge's SSO operations and token verification, and the
 * operator API. Each contract maps to one use case; outcomes are counted per operation.
 */
import { Inject, Injectable } from '@nestjs/common';
import { PlatformError, RPC, SSO_ADMIN_RPC, type RpcContract } from '@dcp/contracts';
import { RUNTIME_CONTEXT, type RuntimeContext } from '@dcp/runtime';
import type { z } from 'zod';
import { CreateMerchantUseCase } from '../merchants/create-merchant.use-case';
import { DisableMerchantUseCase } from '../merchants/disable-merchant.use-case';
import { GetMerchantUseCase } from '../merchants/get-merchant.use-case';
import { ListMerchantsUseCase } from '../merchants/list-merchants.use-case';
import { RotateMerchantSecretUseCase } from '../merchants/rotate-merchant-secret.use-case';
import { UpdateMerchantUseCase } from '../merchants/update-merchant.use-case';
import { AuthorizeByTokenUseCase } from '../sessions/authorize-by-token.use-case';
import { RefreshTokenUseCase } from '../sessions/refresh-token.use-case';
import { VerifyAccessTokenUseCase } from '../sessions/verify-access-token.use-case';
import { SsoMetrics } from '../shared/sso-metrics';
import { FindUserUseCase } from '../users/find-user.use-case';
import { UserCallbackUseCase } from '../users/user-callback.use-case';

@Injectable()
export class SsoRpcHandlers {
  constructor(
    @Inject(RUNTIME_CONTEXT) private readonly ctx: RuntimeContext,
    private readonly metrics: SsoMetrics,
    private readonly authorizeByToken: AuthorizeByTokenUseCase,
    private readonly refreshToken: RefreshTokenUseCase,
    private readonly userCallback: UserCallbackUseCase,
    private readonly verifyAccessToken: VerifyAccessTokenUseCase,
    private readonly findUser: FindUserUseCase,
    private readonly createMerchant: CreateMerchantUseCase,
    private readonly listMerchants: ListMerchantsUseCase,
    private readonly getMerchant: GetMerchantUseCase,
    private readonly updateMerchant: UpdateMerchantUseCase,
    private readonly rotateMerchantSecret: RotateMerchantSecretUseCase,
    private readonly disableMerchant: DisableMerchantUseCase,
  ) {}

  register(): void {
    this.serve(RPC.ssoAuthorizeByToken, 'authorize_by_token', (req) => this.authorizeByToken.execute(req));
    this.serve(RPC.ssoRefreshToken, 'refresh_token', (req) => this.refreshToken.execute(req));
    this.serve(RPC.ssoUserCallback, 'user_callback', (req) => this.userCallback.execute(req));
    this.serve(RPC.ssoVerifyAccessToken, 'verify_access_token', (req) => this.verifyAccessToken.execute(req));
    this.serve(RPC.ssoFindUser, 'find_user', (req) => this.findUser.execute(req));
    this.serve(SSO_ADMIN_RPC.createMerchant, 'admin.create_merchant', (req) => this.createMerchant.execute(req));
    this.serve(SSO_ADMIN_RPC.listMerchants, 'admin.list_merchants', (req) => this.listMerchants.execute(req));
    this.serve(SSO_ADMIN_RPC.getMerchant, 'admin.get_merchant', (req) => this.getMerchant.execute(req));
    this.serve(SSO_ADMIN_RPC.updateMerchant, 'admin.update_merchant', (req) => this.updateMerchant.execute(req));
    this.serve(SSO_ADMIN_RPC.rotateMerchantSecret, 'admin.rotate_merchant_secret', (req) => this.rotateMerchantSecret.execute(req));
    this.serve(SSO_ADMIN_RPC.disableMerchant, 'admin.disable_merchant', (req) => this.disableMerchant.execute(req));
  }

  private serve<Req extends z.ZodTypeAny, Res extends z.ZodTypeAny>(contract: RpcContract<Req, Res>, operation: string, run: (req: z.output<Req>) => Promise<z.input<Res>>): void {
    this.ctx.rpcServer.handleContract(contract, async (req) => {
      try {
        const result = await run(req);
        this.metrics.operation(operation, 'ok');
        return result;
      } catch (err) {
        this.metrics.operation(operation, PlatformError.from(err).value);
        throw err;
      }
    });
  }
}
