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

const BATCH = 5_000;

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

  /** How many entries the table holds and its size on disk, indexes and TOAST included (SDB4). */
  async size(): Promise<{ entries: number; bytes: number }> {
    const [row] = await this.db.client.$queryRaw<{ entries: bigint; bytes: bigint }[]>`
      SELECT count(*) AS entries, pg_total_relation_size('"sso"."admin_audit_entry"') AS bytes FROM "sso"."admin_audit_entry"`;
    return { entries: Number(row.entries), bytes: Number(row.bytes) };
  }

  /** Deletes entries recorded before `cutoff`, in batches (short locks); returns how many. */
  async purgeBefore(cutoff: Date): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.db.client.$executeRaw`
        DELETE FROM "sso"."admin_audit_entry" WHERE id IN (
          SELECT id FROM "sso"."admin_audit_entry" WHERE requested_at < ${cutoff} LIMIT ${BATCH})`;
      total += n;
      if (n < BATCH) return total;
    }
  }
}
