/**
 * The admin audit log (`dcp.rpc.sso.admin.audit.*`, GET /admin/v1/audit), hosted by sso-service: its module
 * spreads ADMIN_AUDIT_PROVIDERS. The purger is public for specs that run a purge on demand.
 */
export { ADMIN_AUDIT_PROVIDERS } from './admin-audit.providers';
export { AdminAuditPurger, AUDIT_PURGE_INTERVAL_MS } from './admin-audit.purger';
