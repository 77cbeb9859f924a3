/** Audit entries of the sso schema (docs/decisions.md AU3–AU6). */
import { Inject, Injectable } from '@nestjs/common';
import { type AuditOutcome, auditResultOf } from '@dcp/contracts';
import { serviceDatabaseToken } from '@dcp/runtime';
import type { Prisma } from '../generated/prisma/client';
import type { SsoDatabase } from '../sso-database.types';
import type { AdminAuditEntry, AdminAuditFilter, NewAdminAuditEntry } from './admin-audit-entry';

const BATCH = 5_000;

@Injectable()
export class AdminAuditRepository {
  constructor(@Inject(serviceDatabaseToken('sso')) private readonly db: SsoDatabase) {}

  /** A new entry: pending, or complete at once with the outcome of a refusal answered before forwarding. */
  async insert({ id, requestedAt, entry }: NewAdminAuditEntry): Promise<void> {
    const { actor, method, request, requestId, clientRequestId, outcome } = entry;
    await this.db.client.adminAuditEntry.create({
      data: {
        id,
        requestedAt,
        completedAt: outcome ? requestedAt : null,
        actorName: actor.name,
        actorRole: actor.role,
        method,
        route: request.route,
        operationId: request.operationId,
        tag: request.tag,
        path: request.path,
        params: request.params,
        query: request.query as Prisma.InputJsonValue,
        // JSON null and "no body" are one thing here: null.
        body: request.body === null || request.body === undefined ? undefined : (request.body as Prisma.InputJsonValue),
        bodyBytes: request.bodyBytes,
        bodySha256: request.bodySha256 ?? null,
        requestId,
        clientRequestId: clientRequestId ?? null,
        result: outcome ? auditResultOf(outcome.status) : 'pending',
        status: outcome?.status ?? null,
        errorCode: outcome?.errorCode ?? null,
      },
    });
  }

  /** Completes a pending entry; false when there is none with this id still pending (the first answer stays). */
  async complete(id: string, outcome: AuditOutcome, completedAt: Date): Promise<boolean> {
    const { count } = await this.db.client.adminAuditEntry.updateMany({
      where: { id, result: 'pending' },
      data: { result: auditResultOf(outcome.status), status: outcome.status, errorCode: outcome.errorCode, completedAt },
    });
    return count === 1;
  }

  /** Newest first: by the time recorded, then by insertion. */
  async page(filter: AdminAuditFilter, limit: number, offset: number): Promise<{ items: AdminAuditEntry[]; total: number }> {
    const where: Prisma.AdminAuditEntryWhereInput = {
      ...(filter.actor !== undefined && { actorName: filter.actor }),
      ...(filter.method !== undefined && { method: filter.method }),
      ...(filter.path !== undefined && { path: { startsWith: literalLike(filter.path) } }),
      ...(filter.tag !== undefined && { tag: filter.tag }),
      ...(filter.result !== undefined && { result: filter.result }),
      ...((filter.from || filter.to) && { requestedAt: { ...(filter.from && { gte: filter.from }), ...(filter.to && { lt: filter.to }) } }),
    };
    const [items, total] = await Promise.all([
      this.db.client.adminAuditEntry.findMany({ where, orderBy: [{ requestedAt: 'desc' }, { seq: 'desc' }], take: limit, skip: offset }),
      this.db.client.adminAuditEntry.count({ where }),
    ]);
    return { items, total };
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

/** Prisma's startsWith is a LIKE: its wildcards (and the escape character) in the text are meant literally. */
function literalLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
