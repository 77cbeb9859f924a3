/**
 * Audit entries of the sso schema (docs/decisions.md AU3–AU6), as raw SQL over sso-service's database: the
 * table is `sso.admin_audit_entry` of sso's migrations (libs/sso/prisma/schema.prisma, model AdminAuditEntry).
 */
import { Inject, Injectable } from '@nestjs/common';
import { sqltag as sql } from '@prisma/client/runtime/client';
import { type AuditOutcome, auditResultOf } from '@dcp/contracts';
import { escapeLikeWildcards } from '@dcp/database';
import { serviceDatabaseToken } from '@dcp/runtime';
import type { AuditDatabase } from './admin-audit-database';
import type { AdminAuditEntry, AdminAuditFilter, NewAdminAuditEntry } from './admin-audit-entry';

/** Entries below which size() counts exactly. */
export const EXACT_SIZE_BELOW = 100_000;

@Injectable()
export class AdminAuditRepository {
  constructor(@Inject(serviceDatabaseToken('sso')) private readonly db: AuditDatabase) {}

  /** A new entry: pending, or complete at once with the outcome of a refusal answered before forwarding. */
  async insert({ id, requestedAt, entry }: NewAdminAuditEntry): Promise<void> {
    const { actor, method, request, requestId, clientRequestId, outcome } = entry;
    // JSON null and "no body" are one thing here: SQL NULL.
    const body = request.body === null || request.body === undefined ? null : JSON.stringify(request.body);
    await this.db.client.$executeRaw`
      INSERT INTO "sso"."admin_audit_entry" (
        id, requested_at, completed_at, actor_name, actor_role, method, route, operation_id, tag, path,
        params, query, body, body_bytes, body_sha256, request_id, client_request_id, result, status, error_code)
      VALUES (
        ${id}::uuid, ${requestedAt}, ${outcome ? requestedAt : null}, ${actor.name}, ${actor.role}, ${method},
        ${request.route}, ${request.operationId}, ${request.tag}, ${request.path},
        ${JSON.stringify(request.params)}::jsonb, ${JSON.stringify(request.query)}::jsonb, ${body}::jsonb,
        ${request.bodyBytes}, ${request.bodySha256 ?? null}, ${requestId}, ${clientRequestId ?? null},
        ${outcome ? auditResultOf(outcome.status) : 'pending'}, ${outcome?.status ?? null}, ${outcome?.errorCode ?? null})`;
  }

  /** Completes a pending entry; false when there is none with this id still pending (the first answer stays). */
  async complete(id: string, outcome: AuditOutcome, completedAt: Date): Promise<boolean> {
    const count = await this.db.client.$executeRaw`
      UPDATE "sso"."admin_audit_entry"
      SET result = ${auditResultOf(outcome.status)}, status = ${outcome.status}, error_code = ${outcome.errorCode}, completed_at = ${completedAt}
      WHERE id = ${id}::uuid AND result = 'pending'`;
    return count === 1;
  }

  /**
   * Newest first: by the time recorded, then by insertion (seq). A filter left out matches every row (its
   * parameter is NULL; PostgreSQL plans each call with its values, so the condition folds away). The path is a
   * prefix whose LIKE wildcards are meant literally.
   */
  async page(filter: AdminAuditFilter, limit: number, offset: number): Promise<{ items: AdminAuditEntry[]; total: number }> {
    const actor = filter.actor ?? null;
    const method = filter.method ?? null;
    const pathPrefix = filter.path === undefined ? null : `${escapeLikeWildcards(filter.path)}%`;
    const tag = filter.tag ?? null;
    const result = filter.result ?? null;
    const from = filter.from ?? null;
    const to = filter.to ?? null;
    // One WHERE for the page and its count.
    const where = sql`WHERE (${actor}::text IS NULL OR actor_name = ${actor})
          AND (${method}::text IS NULL OR method = ${method})
          AND (${pathPrefix}::text IS NULL OR path LIKE ${pathPrefix})
          AND (${tag}::text IS NULL OR tag = ${tag})
          AND (${result}::text IS NULL OR result = ${result})
          AND (${from}::timestamptz IS NULL OR requested_at >= ${from})
          AND (${to}::timestamptz IS NULL OR requested_at < ${to})`;
    const [items, [{ total }]] = await Promise.all([
      this.db.client.$queryRaw<AdminAuditEntry[]>(sql`
        SELECT id::text AS "id", requested_at AS "requestedAt", completed_at AS "completedAt", actor_name AS "actorName",
          actor_role AS "actorRole", method, route, operation_id AS "operationId", tag, path, params, query, body,
          body_bytes AS "bodyBytes", body_sha256 AS "bodySha256", request_id AS "requestId",
          client_request_id AS "clientRequestId", result, status, error_code AS "errorCode"
        FROM "sso"."admin_audit_entry"
        ${where}
        ORDER BY requested_at DESC, seq DESC
        LIMIT ${limit} OFFSET ${offset}`),
      this.db.client.$queryRaw<{ total: bigint }[]>(sql`
        SELECT count(*) AS total
        FROM "sso"."admin_audit_entry"
        ${where}`),
    ]);
    return { items, total: Number(total) };
  }

  /**
   * How many entries the table holds and its size on disk, indexes and TOAST included (SDB4). Exact below
   * EXACT_SIZE_BELOW entries; above, the estimate ANALYZE and autovacuum keep (pg_class.reltuples), as the
   * overview's counts are (libs/runtime/src/health/service-status.ts): the purge measures it every minute, and
   * counting ten million entries took a scan of the whole table each time.
   */
  async size(): Promise<{ entries: number; bytes: number }> {
    const [row] = await this.db.client.$queryRaw<{ entries: bigint | number; bytes: bigint }[]>`
      SELECT CASE WHEN c.reltuples < ${EXACT_SIZE_BELOW} THEN (SELECT count(*) FROM "sso"."admin_audit_entry") ELSE round(c.reltuples)::bigint END AS entries,
        pg_total_relation_size(c.oid) AS bytes
      FROM pg_class AS c WHERE c.oid = '"sso"."admin_audit_entry"'::regclass`;
    return { entries: Number(row.entries), bytes: Number(row.bytes) };
  }

  /**
   * Deletes up to `limit` of the entries recorded before `cutoff`, oldest first, in one statement (its own short
   * transaction); returns how many went. The oldest are found through the requested_at index and deleted by the
   * row addresses that scan found (a TID scan), so a batch costs O(limit) however many entries the table holds.
   * The statement it replaced (`WHERE id IN (SELECT id … LIMIT n)`, no order) was planned as a hash semi-join
   * over a sequential scan of the whole table, for every batch: 47 ms a batch at 300,000 entries against 3 ms.
   */
  async purgeBatch(cutoff: Date, limit: number): Promise<number> {
    return await this.db.client.$executeRaw`
      DELETE FROM "sso"."admin_audit_entry" WHERE ctid = ANY (ARRAY(
        SELECT ctid FROM "sso"."admin_audit_entry" WHERE requested_at < ${cutoff} ORDER BY requested_at LIMIT ${limit}))`;
  }
}
