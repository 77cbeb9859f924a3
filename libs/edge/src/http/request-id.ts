import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const SAFE = /^[\w.:-]{1,100}$/;

/** Fastify genReqId: keep a caller's/ingress's x-request-id when it is sane, otherwise mint one. */
export function requestId(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && SAFE.test(given) ? given : randomUUID();
}
