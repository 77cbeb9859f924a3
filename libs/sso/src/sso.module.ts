/**
 * sso-service: merchants, shadow users, tokens, signed SSO operations, token verification for the edge,
 * and the operator API — all over request-reply. The host provides RUNTIME_CONTEXT globally.
 */
import { Module } from '@nestjs/common';
import { serviceEventsProvider, serviceDatabaseToken, serviceDatabaseProvider } from '@dcp/runtime';
import { PrismaClient } from './generated/prisma/client';
import { ExpiredDataPurger } from './maintenance/expired-data.purger';
import { AuditTableSize } from './audit/audit-table-size';
import { AdminAuditRepository } from './audit/admin-audit.repository';
import { AdminAuditRpcHandlers } from './audit/admin-audit-rpc.handlers';
import { CompleteAdminAuditUseCase } from './audit/complete-admin-audit.use-case';
import { ListAdminAuditUseCase } from './audit/list-admin-audit.use-case';
import { RecordAdminAuditUseCase } from './audit/record-admin-audit.use-case';
import { MerchantClient } from './merchant-client/merchant-client';
import { CreateMerchantUseCase } from './merchants/create-merchant.use-case';
import { DisableMerchantUseCase } from './merchants/disable-merchant.use-case';
import { GetMerchantUseCase } from './merchants/get-merchant.use-case';
import { ListMerchantsUseCase } from './merchants/list-merchants.use-case';
import { SignedRequestMerchants } from './merchants/signed-request-merchants';
import { MerchantRepository } from './merchants/merchant.repository';
import { MerchantSecrets } from './merchants/merchant-secrets';
import { RotateMerchantSecretUseCase } from './merchants/rotate-merchant-secret.use-case';
import { UpdateMerchantUseCase } from './merchants/update-merchant.use-case';
import { SsoRpcHandlers } from './rpc/sso-rpc.handlers';
import { AccessTokenLookup } from './sessions/access-token.lookup';
import { AuthorizeByTokenUseCase } from './sessions/authorize-by-token.use-case';
import { RefreshTokenUseCase } from './sessions/refresh-token.use-case';
import { SessionRepository } from './sessions/session.repository';
import { VerifyAccessTokenUseCase } from './sessions/verify-access-token.use-case';
import { SsoMetrics } from './common/sso-metrics';
import { SignedRequestVerifier } from './signature/signed-request.verifier';
import { UsedSignatureStore } from './signature/used-signature.store';
import { ReencryptSsoSecretsJob } from './reencrypt-sso-secrets.job';
import { SsoLifecycle } from './sso-lifecycle';
import { ShadowUserRepository } from './users/shadow-user.repository';
import { FindUserUseCase } from './users/find-user.use-case';
import { AdminUserReads } from './users/admin/admin-user.reads';
import { GetUserAdminUseCase } from './users/admin/get-user-admin.use-case';
import { SearchUsersUseCase } from './users/admin/search-users.use-case';
import { UserCallbackUseCase } from './users/user-callback.use-case';
import { GetMaintenanceUseCase } from './sub-service/get-maintenance.use-case';
import { GetServerInfoUseCase } from './sub-service/get-server-info.use-case';
import { ServiceStatusRepository } from './sub-service/service-status.repository';
import { SetMaintenanceUseCase } from './sub-service/set-maintenance.use-case';
import { SubServiceRepository } from './sub-service/sub-service.repository';
import { Subtokens } from './sub-service/subtokens';
import { UserSubtokenUseCase } from './sub-service/user-subtoken.use-case';

@Module({
  providers: [
    serviceDatabaseProvider('sso', PrismaClient),
    SsoMetrics,
    serviceEventsProvider('sso', serviceDatabaseToken('sso')),
    MerchantRepository,
    SignedRequestMerchants,
    MerchantSecrets,
    MerchantClient,
    UsedSignatureStore,
    SignedRequestVerifier,
    SessionRepository,
    AccessTokenLookup,
    ShadowUserRepository,
    AuthorizeByTokenUseCase,
    RefreshTokenUseCase,
    UserCallbackUseCase,
    VerifyAccessTokenUseCase,
    FindUserUseCase,
    AdminUserReads,
    GetUserAdminUseCase,
    SearchUsersUseCase,
    SubServiceRepository,
    Subtokens,
    ServiceStatusRepository,
    GetServerInfoUseCase,
    UserSubtokenUseCase,
    GetMaintenanceUseCase,
    SetMaintenanceUseCase,
    CreateMerchantUseCase,
    ListMerchantsUseCase,
    GetMerchantUseCase,
    UpdateMerchantUseCase,
    RotateMerchantSecretUseCase,
    DisableMerchantUseCase,
    AdminAuditRepository,
    RecordAdminAuditUseCase,
    CompleteAdminAuditUseCase,
    ListAdminAuditUseCase,
    AdminAuditRpcHandlers,
    ReencryptSsoSecretsJob,
    ExpiredDataPurger,
    AuditTableSize,
    SsoRpcHandlers,
    SsoLifecycle,
  ],
})
export class SsoModule {}
