/** Manufacturers and their delKeys (device-service): admin routes (the table is admin-routes.ts). */
import { DEVICE_RPC, createManufacturerBodySchema } from '@dcp/contracts';
import type { AdminRoute } from '../admin-route';

export const MANUFACTURER_ROUTES: readonly AdminRoute[] = [
  {
    method: 'POST',
    path: '/manufacturers',
    summary: 'Register a device manufacturer; the response shows its delKey (force-unbind key) once',
    tag: 'manufacturers',
    contract: DEVICE_RPC.createManufacturer,
    status: 201,
    body: createManufacturerBodySchema,
    toRequest: ({ body }) => ({ body }),
  },
  {
    method: 'GET',
    path: '/manufacturers',
    summary: 'List manufacturers in registration order; q: text the oemCode or name contains (any letter case)',
    tag: 'manufacturers',
    contract: DEVICE_RPC.listManufacturers,
    status: 200,
    query: ['q', 'limit', 'offset', 'cursor'],
    toRequest: ({ query }) => ({ q: query.q, limit: query.limit, offset: query.offset, cursor: query.cursor }),
  },
  {
    method: 'GET',
    path: '/manufacturers/{oemCode}',
    summary: 'Read a manufacturer (never its delKey)',
    tag: 'manufacturers',
    contract: DEVICE_RPC.getManufacturer,
    status: 200,
    toRequest: ({ params }) => ({ oemCode: params.oemCode }),
  },
  {
    method: 'POST',
    path: '/manufacturers/{oemCode}/del-key',
    summary: 'Rotate the delKey; the old one stops verifying at once, the new one is shown once',
    tag: 'manufacturers',
    contract: DEVICE_RPC.rotateDelKey,
    status: 201,
    toRequest: ({ params }) => ({ oemCode: params.oemCode }),
  },
];
