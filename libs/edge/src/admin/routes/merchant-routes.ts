/** Merchants (sso-service): admin routes (the table is admin-routes.ts). */
import { SSO_ADMIN_RPC, createMerchantBodySchema, rotateMerchantSecretBodySchema, updateMerchantBodySchema } from '@dcp/contracts';
import type { AdminRoute } from '../admin-route';

export const MERCHANT_ROUTES: readonly AdminRoute[] = [
  {
    method: 'POST',
    path: '/merchants',
    summary: 'Register a merchant; the response shows its clientSecret once',
    tag: 'merchants',
    contract: SSO_ADMIN_RPC.createMerchant,
    status: 201,
    body: createMerchantBodySchema,
    toRequest: ({ body }) => ({ body }),
  },
  {
    method: 'GET',
    path: '/merchants',
    summary: 'List merchants in registration order; q: text the name or clientId contains (any letter case), enabled: true or false',
    tag: 'merchants',
    contract: SSO_ADMIN_RPC.listMerchants,
    status: 200,
    query: ['q', 'enabled', 'limit', 'offset', 'cursor'],
    toRequest: ({ query }) => ({ q: query.q, enabled: query.enabled, limit: query.limit, offset: query.offset, cursor: query.cursor }),
  },
  {
    method: 'GET',
    path: '/merchants/{clientId}',
    summary: 'Read a merchant (never its secret)',
    tag: 'merchants',
    contract: SSO_ADMIN_RPC.getMerchant,
    status: 200,
    toRequest: ({ params }) => ({ clientId: params.clientId }),
  },
  {
    method: 'PATCH',
    path: '/merchants/{clientId}',
    summary: 'Change a merchant: name, endpoint URLs, token lifetimes, refresh-token rotation, enabled',
    tag: 'merchants',
    contract: SSO_ADMIN_RPC.updateMerchant,
    status: 200,
    body: updateMerchantBodySchema,
    toRequest: ({ params, body }) => ({ clientId: params.clientId, body }),
  },
  {
    method: 'POST',
    path: '/merchants/{clientId}/secret',
    summary: 'Rotate the clientSecret; the old one keeps verifying for graceSeconds (default 24 h)',
    tag: 'merchants',
    contract: SSO_ADMIN_RPC.rotateMerchantSecret,
    status: 201,
    body: rotateMerchantSecretBodySchema,
    toRequest: ({ params, body }) => ({ clientId: params.clientId, body }),
  },
  {
    method: 'POST',
    path: '/merchants/{clientId}/disable',
    summary: 'Disable a merchant: every SSO call and its users\' gateway calls are refused',
    tag: 'merchants',
    contract: SSO_ADMIN_RPC.disableMerchant,
    status: 200,
    toRequest: ({ params }) => ({ clientId: params.clientId }),
  },
];
