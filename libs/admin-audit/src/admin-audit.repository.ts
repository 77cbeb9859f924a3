/**
 * Audit entries of the sso schema (docs/decisions.md AU3–AU6), as raw SQL over sso-service's database: the
 * table is `sso.admin_audit_entry` of sso's migrations (libs/sso/prisma/schema.prisma, model AdminAuditEntry).
 */
import { Inject, Injectable } from '@nestjs/common';
import { type Sql, join, raw, sqltag as sql } from '@prisma/client/runtime/client';
import { type AuditOutcome, type ListTotal, type PageWindow, auditResultOf } from '@dcp/contracts';
import { escapeLikeWildcards } from '@dcp/database';
import { listTotal, serviceDatabaseToken } from '@dcp/runtime';
import type { AuditDatabase } from './admin-audit-database';
import type { AdminAuditEntry, AdminAuditFilter, AuditPageKey, NewAdminAuditEntry } from './admin-audit-entry';

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
   * Newest first: by the time recorded, then by insertion (seq) — `take` entries after the entry `after` (its
   * time and seq) or from `offset`, and how many match (ListTotal). One FROM … WHERE for the page and its count,
   * holding only the filters given. Each is a range of an index in the list's order (migration
   * 20261127125213_admin_list_indexes): (requested_at, seq) for the times, (actor_name, …), (tag, …) and
   * (result, …) for those filters, walked backwards; method and path are checked on the rows of that walk. The
   * path is a prefix whose LIKE wildcards are meant literally.
   */
  async page(filter: AdminAuditFilter, window: PageWindow<AuditPageKey>): Promise<{ items: AdminAuditEntry[] } & ListTotal> {
    const conditions: Sql[] = [];
    if (filter.actor !== undefined) conditions.push(sql`actor_name = ${filter.actor}`);
    if (filter.method !== undefined) conditions.push(sql`method = ${filter.method}`);
    if (filter.path !== undefined) conditions.push(sql`path LIKE ${`${escapeLikeWildcards(filter.path)}%`}`);
    if (filter.tag !== undefined) conditions.push(sql`tag = ${filter.tag}`);
    if (filter.result !== undefined) conditions.push(sql`result = ${filter.result}`);
    if (filter.from !== undefined) conditions.push(sql`requested_at >= ${filter.from}`);
    const where = (more: Sql[]) => sql`FROM "sso"."admin_audit_entry" WHERE ${[...conditions, ...more].length === 0 ? raw('TRUE') : join([...conditions, ...more], ' AND ')}`;
    const from = where(filter.to === undefined ? [] : [sql`requested_at < ${filter.to}`]);
    const order = sql`ORDER BY requested_at DESC, seq DESC`;
    // After a cursor the walk has one upper bound, where it starts: the earlier of `to` (as (to, 0): seq starts at
    // 1) and the cursor's entry. With both as conditions PostgreSQL could start at `to` and walk every entry from
    // there down to the cursor, which grows page by page as an offset does.
    const page = window.after === undefined ? from : where([afterBound(window.after, filter.to)]);
    const [items, total] = await Promise.all([
      this.db.client.$queryRaw<AdminAuditEntry[]>(sql`
        SELECT id::text AS "id", seq::text AS "seq", requested_at AS "requestedAt", completed_at AS "completedAt", actor_name AS "actorName",
          actor_role AS "actorRole", method, route, operation_id AS "operationId", tag, path, params, query, body,
          body_bytes AS "bodyBytes", body_sha256 AS "bodySha256", request_id AS "requestId",
          client_request_id AS "clientRequestId", result, status, error_code AS "errorCode"
        ${page}
        ${order}
        LIMIT ${window.take} OFFSET ${window.offset}`),
      listTotal(this.db.client, from, order),
    ]);
    return { items, ...total };
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

/** The entries after the cursor's entry `after` (newest first) and before `to`: below the earlier of the two. */
function afterBound([atMs, seq]: AuditPageKey, to: Date | undefined): Sql {
  return to !== undefined && to.getTime() <= atMs ? sql`(requested_at, seq) < (${to}, ${0n})` : sql`(requested_at, seq) < (${new Date(atMs)}, ${BigInt(seq)})`;
}
