/**
 * sso-service: merchants, shadow users, tokens, signed SSO operations, token verification for the edge,
 * and the operator API — all over request-reply. Its host (serviceRuntime) serves what the classes of
 * sso.entry-points.ts declare (and the admin audit log of @dcp/admin-audit); the process provides the runtime.
 */
import { Module } from '@nestjs/common';
import { ADMIN_AUDIT_PROVIDERS } from '@dcp/admin-audit';
import { serviceRuntime } from '@dcp/runtime';
import { SSO_JOBS, SSO_USE_CASES } from './sso.entry-points';
import { PrismaClient } from './generated/prisma/client';
import { MerchantClient } from './merchant-client/merchant-client';
import { SignedRequestMerchants } from './merchants/signed-request-merchants';
import { MerchantRepository } from './merchants/merchant.repository';
import { MerchantSecrets } from './merchants/merchant-secrets';
import { AccessTokenLookup } from './sessions/access-token.lookup';
import { SessionRepository } from './sessions/session.repository';
import { SsoMetrics } from './common/sso-metrics';
import { SignedRequestVerifier } from './signature/signed-request.verifier';
import { UsedSignatureStore } from './signature/used-signature.store';
import { ReencryptSsoSecretsJob } from './reencrypt-sso-secrets.job';
import { ShadowUserRepository } from './users/shadow-user.repository';
import { AdminUserReads } from './users/admin/admin-user.reads';
import { ServiceStatusRepository } from './sub-service/service-status.repository';
import { SubServiceRepository } from './sub-service/sub-service.repository';
import { Subtokens } from './sub-service/subtokens';

/** The overview's counts (primary-key tables: exact below 100k rows, else reltuples). */
const SSO_COUNTS = [
  { name: 'merchants', table: 'merchant' },
  { name: 'users', table: 'user' },
];

@Module({
  providers: [
    ...serviceRuntime('sso', { database: PrismaClient, events: true, counts: SSO_COUNTS }),
    SsoMetrics,
    MerchantRepository,
    SignedRequestMerchants,
    MerchantSecrets,
    MerchantClient,
    UsedSignatureStore,
    SignedRequestVerifier,
    SessionRepository,
    AccessTokenLookup,
    ShadowUserRepository,
    AdminUserReads,
    SubServiceRepository,
    Subtokens,
    ServiceStatusRepository,
    ReencryptSsoSecretsJob,
    ...SSO_USE_CASES,
    // The admin audit log (libs/admin-audit): its tables are in sso's schema, its RPC and purge served by this host.
    ...ADMIN_AUDIT_PROVIDERS,
    ...SSO_JOBS,
  ],
})
export class SsoModule {}
