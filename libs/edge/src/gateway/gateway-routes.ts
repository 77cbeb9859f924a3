/**
 * `{base_url}/gateway?service=…` and `{store_url}/stream?service=…`: every operation goes through the
 * dispatcher; the reply is the envelope of spec 2.1 with the operation's data and extra top-level fields.
 *
 * Plain Fastify routes, not a Nest controller: these two routes carry nearly every request the platform
 * serves, and Nest's per-request machinery around a handler (execution context, interceptor and pipe chain,
 * response controller) cost about 2 µs of the edge's ~22 µs of user CPU on each (docs/benchmarks.md, PF3).
 * What Nest gave them is kept: the route states its surface (rate limits read it), and every error, raised by
 * the handler or before it (body parsing, size limits, rate limits), is answered with the envelope
 * GatewayExceptionFilter answers with (gatewayErrorEnvelope).
 */
import { type Envelope, ErrorCode, PlatformError, type Surface, successEnvelope } from '@dcp/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectParams } from '../http/collect-params';
import { countVerifiedClient } from '../http/rate-limits';
import type { PublicSurface } from '../http/surface';
import type { GatewayDispatcher } from './gateway-dispatcher';
import { gatewayErrorEnvelope } from './gateway-exception.filter';

const ROUTES: { url: string; surface: Surface }[] = [
  { url: '/gateway', surface: 'gateway' },
  { url: '/stream', surface: 'stream' },
];

/** Every answer is HTTP 200 with the code in the envelope (decisions S1), also for what fails before the handler
 * runs (a malformed or oversized body, a rate limit): the route's own error handler answers those. */
function errorHandler(err: unknown, req: FastifyRequest, reply: FastifyReply): void {
  void reply.status(200).send(gatewayErrorEnvelope(err, req));
}

/** Registers both routes on the public port's Fastify instance (before it listens). */
export function registerGatewayRoutes(fastify: FastifyInstance, dispatcher: GatewayDispatcher): void {
  // Read back by surfaceOf() (http/surface.ts), like the config @OnSurface puts on a Nest handler.
  const config = { surface: 'gateway' satisfies PublicSurface } as Record<string, unknown>;
  for (const { url, surface } of ROUTES) {
    fastify.all(url, { config, errorHandler }, async (req: FastifyRequest): Promise<Envelope> => {
      try {
        return await call(dispatcher, surface, req);
      } catch (err) {
        return gatewayErrorEnvelope(err, req);
      }
    });
  }
}

async function call(dispatcher: GatewayDispatcher, surface: Surface, req: FastifyRequest): Promise<Envelope> {
  const query = req.query as Record<string, unknown>;
  const params = collectParams(query, req.method === 'POST' ? req.body : undefined);
  const service = serviceOf(query, params);
  delete params.service;
  const result = await dispatcher.dispatch({
    surface,
    method: req.method,
    service,
    params,
    requestId: String(req.id),
    onClientVerified: (clientId) => countVerifiedClient(req, clientId),
  });
  return successEnvelope(result.data, result.extra ?? {});
}

/**
 * The operation a call names: in the query string, or in a POST body (apps in the field send
 * `POST /gateway` with `service=…` in the form and no query string). Named in both, the two must agree: the
 * query string is what proxies and logs see, so a body naming another operation is refused (decisions S15).
 */
function serviceOf(query: Record<string, unknown>, params: Record<string, string>): string | undefined {
  const inQuery = typeof query.service === 'string' ? query.service : undefined;
  const named = params.service; // the body's when it has one (collectParams: the body wins), else the query's
  if (inQuery !== undefined && named !== inQuery) {
    throw new PlatformError(ErrorCode.FC_INVALID_PARAMETER, 'parameter service names one operation in the query string and another in the body');
  }
  return named;
}
