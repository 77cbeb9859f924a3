/**
 * Operator look-ups composed from several services (compositions/): one device, one user, users by their
 * merchant uuid, the outbox backlogs and the consumers' lag (the table is admin-routes.ts).
 */
import { ADMIN_LOOKUP_RPC } from '@dcp/contracts';
import type { AdminRoute } from '../admin-route';
import { DEVICE_LOOKUP } from '../compositions/device-lookup';
import { CONSUMER_LAG } from '../compositions/consumer-lag';
import { OUTBOX_BACKLOG } from '../compositions/outbox-backlog';
import { USER_LOOKUP } from '../compositions/user-lookup';

export const LOOKUP_ROUTES: readonly AdminRoute[] = [
  {
    method: 'GET',
    path: '/devices/{mac}',
    summary:
      'A device (MAC in any spelling) with its owner (sso-service), one page of the owner\'s grants on it and its current service (permission-service) and a summary of its recordings (storage-service); a part whose service failed is { error: { errorCode, failureDetails } }',
    tag: 'look-ups',
    compose: DEVICE_LOOKUP,
    status: 200,
    query: ['limit', 'offset', 'cursor'],
    toRequest: ({ params, query }) => ({ mac: params.mac, limit: query.limit, offset: query.offset, cursor: query.cursor }),
  },
  {
    method: 'GET',
    path: '/users/{openId}',
    summary:
      'A user with their merchant, one page of their devices (device-service) and of their grants (permission-service); a part whose service failed is { error: { errorCode, failureDetails } }. ' +
      'Each list pages on by its own cursor: devicesCursor (the devices part\'s nextCursor) and grantsCursor (the grants part\'s); limit is both lists\' page size',
    tag: 'look-ups',
    compose: USER_LOOKUP,
    status: 200,
    query: ['limit', 'offset', 'devicesCursor', 'grantsCursor'],
    toRequest: ({ params, query }) => ({ openId: params.openId, limit: query.limit, offset: query.offset, devicesCursor: query.devicesCursor, grantsCursor: query.grantsCursor }),
  },
  {
    method: 'GET',
    path: '/users',
    summary: 'Users with this merchant uuid (under every merchant, or one clientId\'s), oldest first',
    tag: 'look-ups',
    contract: ADMIN_LOOKUP_RPC.searchUsers,
    status: 200,
    query: ['uuid', 'clientId', 'limit', 'offset', 'cursor'],
    toRequest: ({ query }) => ({ uuid: query.uuid, clientId: query.clientId, limit: query.limit, offset: query.offset, cursor: query.cursor }),
  },
  {
    method: 'GET',
    path: '/outbox',
    summary: 'Events waiting in each service\'s outbox (not yet published) and the age of the oldest; a service that failed is listed with { error }',
    tag: 'events',
    compose: OUTBOX_BACKLOG,
    status: 200,
    toRequest: () => ({}),
  },
  {
    method: 'GET',
    path: '/consumers',
    summary:
      'Each service\'s durable event consumer: events not yet delivered (pending), delivered and not yet acknowledged (ackPending; redelivered: delivered more than once), the age of the oldest not acknowledged, and its open dead letters; a service that failed is listed with { error }',
    tag: 'events',
    compose: CONSUMER_LAG,
    status: 200,
    toRequest: () => ({}),
  },
];
