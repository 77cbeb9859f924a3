import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

const SAFE = /^[\w.:-]{1,100}$/;

/**
 * Fastify genReqId: the platform's own id for every request, never one a caller chose (decisions SDB3). It is
 * the `requestId` of every log line, of the answer's `x-request-id` header and of an admin audit entry, so no
 * caller can make two requests — theirs and someone else's — share one id.
 */
export function requestId(): string {
  return randomUUID();
}

/**
 * The caller's (or an ingress's) own `x-request-id` when it is well-formed (letters, digits, `_.:-`, at most
 * 100 characters): kept beside the platform's id as `clientRequestId` in the edge's log lines and in an admin
 * audit entry, so a request can still be found by the id its sender knows. Anything else is ignored.
 */
export function clientRequestIdOf(headers: IncomingHttpHeaders): string | undefined {
  const given = headers['x-request-id'];
  return typeof given === 'string' && SAFE.test(given) ? given : undefined;
}
