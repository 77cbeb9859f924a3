/** The operators' overview (the console's landing page): admin route (the table is admin-routes.ts). */
import type { AdminRoute } from '../admin-route';
import { OVERVIEW } from '../compositions/overview';

export const OVERVIEW_ROUTES: readonly AdminRoute[] = [
  {
    method: 'GET',
    path: '/overview',
    summary:
      "The platform at a glance: each service's readiness, version and counts (exact below 100k rows, else estimated from PostgreSQL's statistics: `estimated`), merchants whose calls fail or whose breaker is open (the answering sso-service replica's last hour), and the public surface's requests, errors and latency over the last hour as the answering edge replica served them; a service that failed is listed with { error }",
    tag: 'overview',
    compose: OVERVIEW,
    status: 200,
    toRequest: () => ({}),
  },
];
