/** Maintenance mode (sso-service): admin routes (the table is admin-routes.ts). */
import { SSO_ADMIN_RPC, setMaintenanceBodySchema } from '@dcp/contracts';
import type { AdminRoute } from '../admin-route';

export const MAINTENANCE_ROUTES: readonly AdminRoute[] = [
  {
    method: 'GET',
    path: '/maintenance',
    summary: 'Read the maintenance mode apps see in center.getServerInfo',
    tag: 'maintenance',
    contract: SSO_ADMIN_RPC.getMaintenance,
    status: 200,
    toRequest: () => ({}),
  },
  {
    method: 'PUT',
    path: '/maintenance',
    summary: 'Set the maintenance mode: none, upgrade (000066) or address-change (000077 with server_url = serverUrl)',
    tag: 'maintenance',
    contract: SSO_ADMIN_RPC.setMaintenance,
    status: 200,
    body: setMaintenanceBodySchema,
    toRequest: ({ body }) => ({ body }),
  },
];
