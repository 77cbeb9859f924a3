/** An audit entry as the sso schema stores it (admin-audit.repository.ts); the view is admin-audit.mapper.ts. */
import type { AuditResult, RecordAuditRequest } from '@dcp/contracts';

export interface AdminAuditEntry {
  id: string;
  /** Insertion order (bigint as text): the list's tie-breaker after requestedAt. */
  seq: string;
  requestedAt: Date;
  completedAt: Date | null;
  actorName: string;
  actorRole: string;
  method: string;
  route: string | null;
  operationId: string | null;
  tag: string | null;
  path: string;
  params: unknown;
  query: unknown;
  body: unknown;
  bodyBytes: number | null;
  bodySha256: string | null;
  requestId: string | null;
  clientRequestId: string | null;
  result: string;
  status: number | null;
  errorCode: string | null;
}

export interface NewAdminAuditEntry {
  id: string;
  requestedAt: Date;
  entry: RecordAuditRequest;
}

/** The filters of a list, already validated (parseAuditListQuery). */
export interface AdminAuditFilter {
  actor?: string;
  method?: string;
  /** Prefix of the concrete path, /admin/v1 included. */
  path?: string;
  tag?: string;
  result?: AuditResult;
  from?: Date;
  to?: Date;
}

/** The audit list's sort key (newest first): the entry's time in epoch ms (the column keeps ms) and its seq. */
export type AuditPageKey = [requestedAtMs: number, seq: string];
