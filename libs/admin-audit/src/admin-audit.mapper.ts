/** An audit row → the view operators get (GET /admin/v1/audit). */
import type { AuditEntryView } from '@dcp/contracts';
import type { AdminAuditEntry } from './admin-audit-entry';

export function toAuditEntryView(row: AdminAuditEntry): AuditEntryView {
  return {
    id: row.id,
    at: row.requestedAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    actor: { name: row.actorName, role: row.actorRole as AuditEntryView['actor']['role'] },
    method: row.method as AuditEntryView['method'],
    route: row.route,
    operationId: row.operationId,
    tag: row.tag,
    path: row.path,
    params: (row.params ?? {}) as Record<string, string>,
    query: (row.query ?? {}) as Record<string, unknown>,
    body: row.body ?? null,
    bodyBytes: row.bodyBytes,
    bodySha256: row.bodySha256,
    requestId: row.requestId,
    clientRequestId: row.clientRequestId,
    result: row.result as AuditEntryView['result'],
    status: row.status,
    errorCode: row.errorCode,
  };
}
