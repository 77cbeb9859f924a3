/**
 * The admin audit log (`dcp.rpc.sso.admin.audit.*`, GET /admin/v1/audit), hosted by sso-service: its module
 * spreads ADMIN_AUDIT_PROVIDERS. The purger and its repository are public for specs that run a purge on demand
 * and look at its statements' plans.
 */
export { ADMIN_AUDIT_PROVIDERS } from './admin-audit.providers';
export type { AuditDatabase } from './admin-audit-database';
export { AdminAuditPurger, AUDIT_PURGE_BATCH, AUDIT_PURGE_BATCHES, AUDIT_PURGE_INTERVAL_MS } from './admin-audit.purger';
export { AdminAuditRepository } from './admin-audit.repository';
