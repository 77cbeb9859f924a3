/** Who am I (answered by the edge itself): admin routes (the table is admin-routes.ts). */
import { adminSessionViewSchema } from '@dcp/contracts';
import type { AdminRoute } from '../admin-route';

export const SESSION_ROUTES: readonly AdminRoute[] = [
  {
    method: 'GET',
    path: '/session',
    summary: 'The name and role of the calling token (full, or read-only: GET only), for a console to show or hide write actions',
    tag: 'session',
    status: 200,
    local: { response: adminSessionViewSchema, answer: ({ identity }) => ({ name: identity.name, role: identity.role }) },
  },
];
