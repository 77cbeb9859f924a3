/** How an audit entry reads in the log: the method and the concrete path, the route's name when known. */
export interface AuditFacts {
  readonly method: string;
  readonly path: string;
  readonly operationId: string | null;
}

export const auditWhat = (a: AuditFacts): string => `${a.method} ${a.path}${a.operationId ? ` (${a.operationId})` : ''}`;

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
