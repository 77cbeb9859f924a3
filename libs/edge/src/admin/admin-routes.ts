/**
 * Every admin route (OpenAPI: /admin/v1/openapi.json), one file per area under routes/. Adding an operator
 * capability = adding its RPC contract in libs/contracts and one entry in its area's file.
 */
import { type AdminRoute, compilePath, needsFullToken } from './admin-route';
import { MERCHANT_ROUTES } from './routes/merchant-routes';
import { MAINTENANCE_ROUTES } from './routes/maintenance-routes';
import { MANUFACTURER_ROUTES } from './routes/manufacturer-routes';
import { PERMISSION_ROUTES } from './routes/permission-routes';
import { RECORDING_ROUTES } from './routes/recording-routes';
import { FIRMWARE_ROUTES } from './routes/firmware-routes';
import { DEAD_LETTER_ROUTES } from './routes/dead-letter-routes';
import { LOOKUP_ROUTES } from './routes/lookup-routes';
import { SESSION_ROUTES } from './routes/session-routes';
import { AUDIT_ROUTES } from './routes/audit-routes';
import { PUSH_ROUTES } from './routes/push-routes';
import { OVERVIEW_ROUTES } from './routes/overview-routes';

export const ADMIN_ROUTES: readonly AdminRoute[] = [
  ...MERCHANT_ROUTES,
  ...MAINTENANCE_ROUTES,
  ...MANUFACTURER_ROUTES,
  ...PERMISSION_ROUTES,
  ...RECORDING_ROUTES,
  ...FIRMWARE_ROUTES,
  ...DEAD_LETTER_ROUTES,
  ...LOOKUP_ROUTES,
  ...SESSION_ROUTES,
  ...AUDIT_ROUTES,
  ...PUSH_ROUTES,
  ...OVERVIEW_ROUTES,
];

/**
 * Whether a read-only token may make this call: every GET, and the POSTs that change nothing (`readsOnly`).
 * Decided on the route the controller will serve — the first of the table matching method and path — so a
 * route added later cannot open another one to read-only tokens by overlapping it.
 */
export function readOnlyMayCall(method: string, path: string): boolean {
  if (method === 'GET') return true;
  const served = MATCHERS.find((r) => r.route.method === method && r.match(path) !== undefined);
  return served !== undefined && !needsFullToken(served.route);
}

const MATCHERS = ADMIN_ROUTES.map((route) => ({ route, match: compilePath(route.path) }));
