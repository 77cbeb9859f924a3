/** The audit log of changing admin calls (kept by sso-service): admin routes (the table is admin-routes.ts). */
import { AUDIT_QUERY_PARAMETERS, SSO_AUDIT_RPC } from '@dcp/contracts';
import type { AdminRoute } from '../admin-route';

export const AUDIT_ROUTES: readonly AdminRoute[] = [
  {
    method: 'GET',
    path: '/audit',
    summary:
      'The audit log, newest first: every POST, PUT, PATCH and DELETE, refusals included (who, what, when, the answer\'s status and error code, the request id; never a response). ' +
      'Filters: actor (a token name), method, path (prefix, e.g. /merchants), tag, result (pending, ok, refused, failed), from and to (ISO times with offset; from inclusive, to exclusive)',
    tag: 'audit',
    contract: SSO_AUDIT_RPC.list,
    status: 200,
    query: [...AUDIT_QUERY_PARAMETERS],
    toRequest: ({ query }) => ({ query: { ...query } }),
  },
];
