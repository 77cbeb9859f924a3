/**
 * The database the audit log lives in: sso-service's (`serviceDatabaseToken('sso')`), its table
 * `sso.admin_audit_entry` created by sso's migrations (libs/sso/prisma). This lib cannot see sso's generated
 * Prisma client (libs/sso imports this lib, not the reverse), so it uses only the client's raw tagged templates,
 * its rows typed by admin-audit-entry.ts.
 */
import type { ServiceDatabase } from '@dcp/database';
import type { Sql } from '@prisma/client/runtime/client';

/** What the audit log uses of sso's Prisma client: raw statements, parameters bound by the tagged template. */
export interface RawSqlClient {
  $queryRaw<T = unknown>(query: TemplateStringsArray | Sql, ...values: unknown[]): PromiseLike<T>;
  $executeRaw(query: TemplateStringsArray, ...values: unknown[]): PromiseLike<number>;
}

export type AuditDatabase = ServiceDatabase<RawSqlClient>;
