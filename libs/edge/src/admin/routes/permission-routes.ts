/** The permission catalogue and grants (permission-service): admin routes (the table is admin-routes.ts). */
import { PERMISSION_RPC, createGrantBodySchema, createPermissionBodySchema, updatePermissionBodySchema } from '@dcp/contracts';
import type { AdminRoute } from '../admin-route';

export const PERMISSION_ROUTES: readonly AdminRoute[] = [
  {
    method: 'POST',
    path: '/permissions',
    summary: 'Add a permission (plan) to the catalogue',
    tag: 'permissions',
    contract: PERMISSION_RPC.createPermission,
    status: 201,
    body: createPermissionBodySchema,
    toRequest: ({ body }) => ({ body }),
  },
  {
    method: 'GET',
    path: '/permissions',
    summary: 'List the permission catalogue in creation order; q: text the permissionCode or permissionName contains (any letter case), permissionType: 1, 2 or 3',
    tag: 'permissions',
    contract: PERMISSION_RPC.listPermissions,
    status: 200,
    query: ['q', 'permissionType', 'limit', 'offset', 'cursor'],
    toRequest: ({ query }) => ({ q: query.q, permissionType: query.permissionType, limit: query.limit, offset: query.offset, cursor: query.cursor }),
  },
  {
    method: 'PATCH',
    path: '/permissions/{permissionCode}',
    summary: "Set a plan's retentionDays (rolling days of cloud recordings kept; null: not a cloud-recording plan), the one field that may change",
    tag: 'permissions',
    contract: PERMISSION_RPC.updatePermission,
    status: 200,
    body: updatePermissionBodySchema,
    toRequest: ({ params, body }) => ({ permissionCode: params.permissionCode, body }),
  },
  {
    method: 'POST',
    path: '/grants',
    summary: 'Grant a permission to a user (paid grants wait for activation, grantStatus 1)',
    tag: 'grants',
    contract: PERMISSION_RPC.createGrant,
    status: 201,
    body: createGrantBodySchema,
    toRequest: ({ body }) => ({ body }),
  },
  {
    method: 'GET',
    path: '/grants',
    summary:
      'List grants in creation order — with state=active soonest-ending first, with state=over most recently ended first; openId, permissionCode (exact), ipcMac (any MAC spelling), state: waiting, active, over (period ended) or revoked',
    tag: 'grants',
    contract: PERMISSION_RPC.listGrants,
    status: 200,
    query: ['openId', 'permissionCode', 'ipcMac', 'state', 'limit', 'offset', 'cursor'],
    toRequest: ({ query }) => ({ openId: query.openId, permissionCode: query.permissionCode, ipcMac: query.ipcMac, state: query.state, limit: query.limit, offset: query.offset, cursor: query.cursor }),
  },
  {
    method: 'GET',
    path: '/grants/{grantId}',
    summary: 'Read a grant',
    tag: 'grants',
    contract: PERMISSION_RPC.getGrant,
    status: 200,
    toRequest: ({ params }) => ({ grantId: params.grantId }),
  },
];
