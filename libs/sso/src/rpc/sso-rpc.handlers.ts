/**
 * Request-reply entry points of sso-service: the edge's SSO operations and token verification, and the
 * operator API. Each contract maps to one use case; outcomes are counted per operation.
 */
import { Inject, Injectable } from '@nestjs/common';
import { ADMIN_LOOKUP_RPC, SSO_RPC, SSO_ADMIN_RPC } from '@dcp/contracts';
import { RUNTIME_CONTEXT, type RuntimeContext, ServiceOperations } from '@dcp/runtime';
import { CreateMerchantUseCase } from '../merchants/create-merchant.use-case';
import { DisableMerchantUseCase } from '../merchants/disable-merchant.use-case';
import { GetMerchantUseCase } from '../merchants/get-merchant.use-case';
import { ListMerchantsUseCase } from '../merchants/list-merchants.use-case';
import { RotateMerchantSecretUseCase } from '../merchants/rotate-merchant-secret.use-case';
import { UpdateMerchantUseCase } from '../merchants/update-merchant.use-case';
import { AuthorizeByTokenUseCase } from '../sessions/authorize-by-token.use-case';
import { RefreshTokenUseCase } from '../sessions/refresh-token.use-case';
import { VerifyAccessTokenUseCase } from '../sessions/verify-access-token.use-case';
import { GetMaintenanceUseCase } from '../sub-service/get-maintenance.use-case';
import { GetServerInfoUseCase } from '../sub-service/get-server-info.use-case';
import { SetMaintenanceUseCase } from '../sub-service/set-maintenance.use-case';
import { UserSubtokenUseCase } from '../sub-service/user-subtoken.use-case';
import { FindUserUseCase } from '../users/find-user.use-case';
import { GetUserAdminUseCase } from '../users/admin/get-user-admin.use-case';
import { SearchUsersUseCase } from '../users/admin/search-users.use-case';
import { UserCallbackUseCase } from '../users/user-callback.use-case';

@Injectable()
export class SsoRpcHandlers {
  constructor(
    @Inject(RUNTIME_CONTEXT) private readonly ctx: RuntimeContext,
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
    private readonly getServerInfo: GetServerInfoUseCase,
    private readonly userSubtoken: UserSubtokenUseCase,
    private readonly getMaintenance: GetMaintenanceUseCase,
    private readonly setMaintenance: SetMaintenanceUseCase,
    private readonly getUserAdmin: GetUserAdminUseCase,
    private readonly searchUsers: SearchUsersUseCase,
  ) {}

  register(): void {
    const ops = new ServiceOperations(this.ctx, 'sso');
    ops.contract(SSO_RPC.ssoAuthorizeByToken, 'authorize_by_token', (req) => this.authorizeByToken.execute(req));
    ops.contract(SSO_RPC.ssoRefreshToken, 'refresh_token', (req) => this.refreshToken.execute(req));
    ops.contract(SSO_RPC.ssoUserCallback, 'user_callback', (req) => this.userCallback.execute(req));
    ops.contract(SSO_RPC.ssoVerifyAccessToken, 'verify_access_token', (req) => this.verifyAccessToken.execute(req));
    ops.contract(SSO_RPC.ssoFindUser, 'find_user', (req) => this.findUser.execute(req));
    ops.contract(SSO_ADMIN_RPC.createMerchant, 'admin.create_merchant', (req) => this.createMerchant.execute(req));
    ops.contract(SSO_ADMIN_RPC.listMerchants, 'admin.list_merchants', (req) => this.listMerchants.execute(req));
    ops.contract(SSO_ADMIN_RPC.getMerchant, 'admin.get_merchant', (req) => this.getMerchant.execute(req));
    ops.contract(SSO_ADMIN_RPC.updateMerchant, 'admin.update_merchant', (req) => this.updateMerchant.execute(req));
    ops.contract(SSO_ADMIN_RPC.rotateMerchantSecret, 'admin.rotate_merchant_secret', (req) => this.rotateMerchantSecret.execute(req));
    ops.contract(SSO_ADMIN_RPC.disableMerchant, 'admin.disable_merchant', (req) => this.disableMerchant.execute(req));
    ops.contract(SSO_ADMIN_RPC.getMaintenance, 'admin.get_maintenance', () => this.getMaintenance.execute());
    ops.contract(SSO_ADMIN_RPC.setMaintenance, 'admin.set_maintenance', (req) => this.setMaintenance.execute(req));
    ops.contract(SSO_RPC.ssoUserSubtoken, 'user_subtoken', (req) => this.userSubtoken.execute(req));
    ops.contract(ADMIN_LOOKUP_RPC.getUser, 'admin.get_user', (req) => this.getUserAdmin.execute(req));
    ops.contract(ADMIN_LOOKUP_RPC.searchUsers, 'admin.search_users', (req) => this.searchUsers.execute(req));
    ops.serveCatalogue({ getServerInfo: (call) => this.getServerInfo.execute(call) });
  }
}
