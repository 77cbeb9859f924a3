/**
 * Everything sso-service serves or runs, as barrels its module lists: each class declares its own entry point
 * (`@ServesOperation`, `@ServesRpc`, `@Periodic`), and the service's host serves what it finds. The admin audit
 * log's classes come from libs/admin-audit (ADMIN_AUDIT_PROVIDERS, listed by sso.module.ts).
 */
import { ExpiredDataPurger } from './maintenance/expired-data.purger';
import { CreateMerchantUseCase } from './merchants/create-merchant.use-case';
import { DisableMerchantUseCase } from './merchants/disable-merchant.use-case';
import { GetMerchantUseCase } from './merchants/get-merchant.use-case';
import { ListMerchantsUseCase } from './merchants/list-merchants.use-case';
import { MerchantsInTroubleUseCase } from './merchants/merchants-in-trouble.use-case';
import { RotateMerchantSecretUseCase } from './merchants/rotate-merchant-secret.use-case';
import { SignMerchantCallUseCase } from './merchants/sign-merchant-call.use-case';
import { UpdateMerchantUseCase } from './merchants/update-merchant.use-case';
import { AuthorizeByTokenUseCase } from './sessions/authorize-by-token.use-case';
import { RefreshTokenUseCase } from './sessions/refresh-token.use-case';
import { VerifyAccessTokenUseCase } from './sessions/verify-access-token.use-case';
import { GetMaintenanceUseCase } from './sub-service/get-maintenance.use-case';
import { GetServerInfoUseCase } from './sub-service/get-server-info.use-case';
import { SetMaintenanceUseCase } from './sub-service/set-maintenance.use-case';
import { UserStoreTagUseCase } from './sub-service/user-store-tag.use-case';
import { UserPushTagUseCase } from './sub-service/user-push-tag.use-case';
import { UserSubtokenUseCase } from './sub-service/user-subtoken.use-case';
import { GetUserAdminUseCase } from './users/admin/get-user-admin.use-case';
import { SearchUsersUseCase } from './users/admin/search-users.use-case';
import { FindUserUseCase } from './users/find-user.use-case';
import { UserCallbackUseCase } from './users/user-callback.use-case';

export const SSO_USE_CASES = [
  GetServerInfoUseCase,
  AuthorizeByTokenUseCase,
  RefreshTokenUseCase,
  UserCallbackUseCase,
  VerifyAccessTokenUseCase,
  FindUserUseCase,
  UserSubtokenUseCase,
  UserStoreTagUseCase,
  UserPushTagUseCase,
  SignMerchantCallUseCase,
  CreateMerchantUseCase,
  ListMerchantsUseCase,
  GetMerchantUseCase,
  MerchantsInTroubleUseCase,
  UpdateMerchantUseCase,
  RotateMerchantSecretUseCase,
  DisableMerchantUseCase,
  GetMaintenanceUseCase,
  SetMaintenanceUseCase,
  GetUserAdminUseCase,
  SearchUsersUseCase,
];

export const SSO_JOBS = [ExpiredDataPurger];
