/**
 * Every HTTP request the edge serves runs in a call context: the request id Fastify made (request-id.ts: the
 * platform's own; a well-formed x-request-id of the caller is kept beside it as clientRequestId) and the W3C
 * trace context, taken from the caller's `traceparent`/`tracestate` when well-formed. With tracing on,
 * a server span named by surface and operation (`gateway user_ipc_setting_v2_0.addOemDevice`) continues it;
 * with tracing off, an incoming traceparent passes through unchanged and a request without one gets a random
 * one, so its log lines in every process share a trace id (TR2). The context is entered again before
 * validation, as @fastify/request-context does: the handler then has it whatever async resource the body's
 * last chunk was read on.
 */
import { findOperation, type Surface } from '@dcp/contracts';
import {
  type CallContext,
  SpanKind,
  SpanStatusCode,
  TRACEPARENT_HEADER,
  TRACESTATE_HEADER,
  activeTracer,
  boundedTracestate,
  currentCallContext,
  isValidTraceparent,
  mintTraceparent,
  recordFailure,
  runWithCallContext,
  startSpan,
  type Span,
} from '@dcp/observability';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientRequestIdOf } from './request-id';

/** What this hook keeps on each request (a Fastify request decoration, so no per-request shape change). */
interface TracedRequest {
  callContext: CallContext | null;
  serverSpan: Span | null;
}

const traced = (req: FastifyRequest) => req as FastifyRequest & TracedRequest;

/** Registers the hooks on one Fastify instance (the public app and the admin app each). */
export function traceRequests(fastify: FastifyInstance): void {
  fastify.decorateRequest('callContext', null);
  fastify.decorateRequest('serverSpan', null);
  fastify.addHook('onRequest', (req, _reply, done) => {
    const r = traced(req);
    const given = req.headers[TRACEPARENT_HEADER];
    const incoming = typeof given === 'string' && isValidTraceparent(given) ? given : undefined;
    const state = incoming ? req.headers[TRACESTATE_HEADER] : undefined;
    const tracestate = typeof state === 'string' ? boundedTracestate(state) : undefined;
    const clientRequestId = clientRequestIdOf(req.headers);
    if (activeTracer()) {
      const started = startSpan({ name: spanName(req), kind: SpanKind.SERVER, attributes: { 'http.request.method': req.method, 'http.route': req.routeOptions.url ?? '' } }, { requestId: req.id, traceparent: incoming, tracestate });
      r.serverSpan = started?.span ?? null;
      r.callContext = started ? { ...started.context, clientRequestId } : null;
    }
    r.callContext ??= { requestId: req.id, clientRequestId, traceparent: incoming ?? mintTraceparent(), tracestate };
    runWithCallContext(r.callContext, done);
  });
  fastify.addHook('preValidation', (req, _reply, done) => continueInContext(traced(req).callContext, done));
  fastify.addHook('onResponse', (req, reply, done) => {
    const { serverSpan: span, callContext: ctx } = traced(req);
    if (span) {
      span.setAttribute('http.response.status_code', reply.statusCode);
      if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
    // Later hooks and Fastify's completed-request log line run from here: in the request's context.
    continueInContext(ctx, done);
  });
  fastify.addHook('onRequestAbort', (req, done) => {
    const span = traced(req).serverSpan;
    if (span) {
      recordFailure(span, new Error('the client aborted the request'));
      span.end();
    }
    done();
  });
}

/**
 * Runs `done` in the request's context. Entering a context costs (an AsyncLocalStorage run on every hook of
 * every request, measured at several µs a request): when the hook already runs in it, as it does unless the
 * body was read on another async resource, it simply continues.
 */
function continueInContext(ctx: CallContext | null, done: () => void): void {
  if (ctx && currentCallContext() !== ctx) runWithCallContext(ctx, done);
  else done();
}

const SURFACE_ROUTES: Record<string, Surface> = { '/gateway': 'gateway', '/stream': 'stream' };

/** `gateway <service>` / `stream <service>` for catalogue operations, else `<METHOD> <route>` (bounded names only). */
function spanName(req: FastifyRequest): string {
  const route = req.routeOptions.url;
  const surface = route ? SURFACE_ROUTES[route] : undefined;
  if (surface) {
    const service = (req.query as Record<string, unknown> | undefined)?.service;
    if (typeof service === 'string' && findOperation(surface, service)) return `${surface} ${service}`;
  }
  return `${req.method} ${route ?? 'unmatched'}`;
}
