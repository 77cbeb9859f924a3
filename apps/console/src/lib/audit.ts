import { ADMIN_OPERATION_SUMMARIES } from '../api/admin-api';

/** How an audit entry reads in the log: what was done (the route's summary), then the method and the concrete path. */
export interface AuditFacts {
  readonly method: string;
  readonly path: string;
  readonly operationId: string | null;
}

/**
 * What a route does, in a few words: the first clause of its summary in the admin route table
 * ("Rotate the clientSecret; the old one keeps…" → "Rotate the clientSecret"); null for an unknown route.
 */
export function operationLabel(operationId: string | null, summaries: Readonly<Record<string, string>> = ADMIN_OPERATION_SUMMARIES): string | null {
  const summary = operationId ? summaries[operationId] : undefined;
  if (!summary) return null;
  const first = summary.split(/[;:]\s|\s\(|, (?:a |the |with |as )/)[0].trim();
  return first.length > 80 ? `${first.slice(0, 79)}…` : first;
}

/** What the entry did ("Rotate the clientSecret"), or the call itself for a route the table does not have. */
export const auditWhat = (a: AuditFacts): string => operationLabel(a.operationId) ?? `${a.method} ${a.path}`;

/** The call as it was made: "POST /admin/v1/merchants/abc/secret". */
export const auditCall = (a: AuditFacts): string => `${a.method} ${a.path}`;

export type AuditResult = 'pending' | 'ok' | 'refused' | 'failed';

/** Done is green, refused (a 4xx the platform answered) orange, failed (5xx) red, no result yet grey. */
export function auditResultColor(result: AuditResult): string {
  switch (result) {
    case 'ok':
      return 'green';
    case 'refused':
      return 'orange';
    case 'failed':
      return 'red';
    case 'pending':
      return 'gray';
  }
}
