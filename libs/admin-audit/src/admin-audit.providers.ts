/**
 * Everything of the admin audit log, as the barrel sso-service's module lists among its providers
 * (libs/sso/src/sso.module.ts): being providers of SsoModule, sso's ServiceHost serves their entry points —
 * `dcp.rpc.sso.admin.audit.*` (`@ServesRpc`, counted under service="sso") and the retention purge (`@Periodic`).
 */
import { AdminAuditPurger } from './admin-audit.purger';
import { AdminAuditRepository } from './admin-audit.repository';
import { AuditTableSize } from './audit-table-size';
import { CompleteAdminAuditUseCase } from './complete-admin-audit.use-case';
import { ListAdminAuditUseCase } from './list-admin-audit.use-case';
import { RecordAdminAuditUseCase } from './record-admin-audit.use-case';

export const ADMIN_AUDIT_USE_CASES = [RecordAdminAuditUseCase, CompleteAdminAuditUseCase, ListAdminAuditUseCase];

export const ADMIN_AUDIT_PROVIDERS = [AdminAuditRepository, AuditTableSize, ...ADMIN_AUDIT_USE_CASES, AdminAuditPurger];
