/** Firmware releases and models (firmware-service): admin routes (the table is admin-routes.ts). */
import { FIRMWARE_RPC, createReleaseBodySchema, setModelBodySchema, updateReleaseBodySchema } from '@dcp/contracts';
import type { AdminRoute } from '../admin-route';

export const FIRMWARE_ROUTES: readonly AdminRoute[] = [
  {
    method: 'POST',
    path: '/firmware',
    summary: "Add a firmware release to its model's upgrade chain (the model is created with its first release)",
    tag: 'firmware',
    contract: FIRMWARE_RPC.createRelease,
    status: 201,
    body: createReleaseBodySchema,
    toRequest: ({ body }) => ({ body }),
  },
  {
    method: 'GET',
    path: '/firmware',
    summary: 'List firmware releases, optionally of one model',
    tag: 'firmware',
    contract: FIRMWARE_RPC.listReleases,
    status: 200,
    query: ['machineTypeName', 'limit', 'offset'],
    toRequest: ({ query }) => ({ machineTypeName: query.machineTypeName, limit: query.limit, offset: query.offset }),
  },
  {
    method: 'GET',
    path: '/firmware/{id}',
    summary: 'Read a firmware release',
    tag: 'firmware',
    contract: FIRMWARE_RPC.getRelease,
    status: 200,
    toRequest: ({ params }) => ({ id: params.id }),
  },
  {
    method: 'PATCH',
    path: '/firmware/{id}',
    summary: "Change a release's active, remind, rolloutPercent or interim (versions and artifacts are immutable)",
    tag: 'firmware',
    contract: FIRMWARE_RPC.updateRelease,
    status: 200,
    body: updateReleaseBodySchema,
    toRequest: ({ params, body }) => ({ id: params.id, body }),
  },
  {
    method: 'GET',
    path: '/firmware/models/{machineTypeName}',
    summary: 'Read a model (its smart-upgrade switch)',
    tag: 'firmware',
    contract: FIRMWARE_RPC.getModel,
    status: 200,
    toRequest: ({ params }) => ({ machineTypeName: params.machineTypeName }),
  },
  {
    method: 'PATCH',
    path: '/firmware/models/{machineTypeName}',
    summary: 'Mark a model as (not) supporting smart upgrade (010121)',
    tag: 'firmware',
    contract: FIRMWARE_RPC.setModel,
    status: 200,
    body: setModelBodySchema,
    toRequest: ({ params, body }) => ({ machineTypeName: params.machineTypeName, body }),
  },
];
