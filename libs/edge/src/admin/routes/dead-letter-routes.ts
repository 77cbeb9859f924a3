/** Dead letters of every event consumer: admin routes (the table is admin-routes.ts). */
import { EVENT_CONSUMERS, deadLetterContracts, resolveDeadLetterBodySchema } from '@dcp/contracts';
import type { AdminRoute } from '../admin-route';

export const DEAD_LETTER_ROUTES: readonly AdminRoute[] = EVENT_CONSUMERS.flatMap((service): AdminRoute[] => [
  {
    method: 'GET',
    path: `/dead-letters/${service}`,
    summary: `Events ${service}-service gave up on after its maximum deliveries`,
    tag: 'dead-letters',
    contract: deadLetterContracts(service).list,
    status: 200,
    query: ['includeResolved', 'limit', 'offset'],
    toRequest: ({ query }) => ({ includeResolved: query.includeResolved, limit: query.limit, offset: query.offset }),
  },
  {
    method: 'POST',
    path: `/dead-letters/${service}/{id}/resolve`,
    summary: `Mark a dead letter of ${service}-service handled; with {"replay": true} apply the event again first`,
    tag: 'dead-letters',
    contract: deadLetterContracts(service).resolve,
    status: 200,
    body: resolveDeadLetterBodySchema,
    toRequest: ({ params, body }) => ({ id: params.id, body }),
  },
]);
