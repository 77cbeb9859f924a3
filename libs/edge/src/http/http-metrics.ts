/**
 * `dcp_http_request_duration_seconds` for every request the edge answers, labelled by surface, operation,
 * HTTP status and the envelope's error code. Every label value comes from a fixed set (catalogue entries,
 * routes, error codes), whatever the caller sends: anything else is `unknown` (operation) or `other` (code),
 * so a scanner cannot grow the number of series.
 */
import { ERROR_CATALOG, findOperation, type Surface } from '@dcp/contracts';
import type { PlatformMetrics } from '@dcp/observability';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Which of the edge's two servers the hooks are installed on. */
export type EdgeApp = 'public' | 'admin';

const GATEWAY_ROUTES: Record<string, Surface> = { '/gateway': 'gateway', '/stream': 'stream' };
/** The operations SsoController serves (libs/edge/src/sso/sso.controller.ts). */
const SSO_OPERATIONS = new Set(['authorize_by_token', 'refresh_token', 'user_callback']);
const ERROR_VALUES = new Set(Object.values(ERROR_CATALOG).map((d) => d.value));
/** Error envelopes start with their code (libs/contracts envelope.ts: errorCode is the first field). */
const ENVELOPE_CODE = /^\{"errorCode":"([^"]{1,32})"/;

interface MeasuredRequest {
  /** The error code of the envelope sent, `none` when the body was no error envelope. */
  envelopeCode: string;
}

const measured = (req: FastifyRequest) => req as FastifyRequest & MeasuredRequest;

export function recordHttpMetrics(fastify: FastifyInstance, metrics: PlatformMetrics, app: EdgeApp): void {
  fastify.decorateRequest('envelopeCode', 'none');
  // Callback hooks, not async ones: on every request, a promise per hook is measurable on the edge's hot path.
  fastify.addHook('onSend', (req, _reply, payload, done) => {
    if (typeof payload === 'string' && payload.charCodeAt(14) !== 34) {
      // `{"errorCode":""` (success) has the closing quote at index 14: only error envelopes are matched.
      const code = ENVELOPE_CODE.exec(payload)?.[1];
      if (code !== undefined) measured(req).envelopeCode = ERROR_VALUES.has(code) ? code : 'other';
    }
    done(null, payload);
  });
  fastify.addHook('onResponse', (req, reply, done) => {
    const { surface, service } = app === 'admin' ? { surface: 'admin', service: req.routeOptions.url ?? 'unknown' } : publicOperation(req);
    metrics.observe('dcp_http_request_duration_seconds', { surface, service, status: String(reply.statusCode), code: measured(req).envelopeCode }, reply.elapsedTime / 1000);
    done();
  });
}

/** The surface and operation of a public request: the catalogue entry, the SSO operation, or the route. */
function publicOperation(req: FastifyRequest): { surface: string; service: string } {
  const route = req.routeOptions.url;
  if (route === undefined) return { surface: 'other', service: 'unknown' };
  const gateway = GATEWAY_ROUTES[route];
  if (gateway) {
    const service = (req.query as Record<string, unknown> | undefined)?.service;
    return { surface: gateway, service: typeof service === 'string' && findOperation(gateway, service) ? service : 'unknown' };
  }
  if (route.startsWith('/sso/')) {
    const operation = (req.params as Record<string, unknown> | undefined)?.operation;
    return { surface: 'sso', service: typeof operation === 'string' && SSO_OPERATIONS.has(operation) ? operation : 'unknown' };
  }
  if (route.startsWith('/hls/')) return { surface: 'hls', service: route };
  return { surface: 'other', service: route };
}
