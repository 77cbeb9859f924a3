/**
 * `dcp_http_request_duration_seconds` for every request the edge answers (observeHttpRequests, @dcp/runtime),
 * labelled by surface and operation: the catalogue entry, the SSO operation or the route; anything else is
 * `unknown`, so a scanner cannot grow the number of series.
 */
import { findOperation, type Surface } from '@dcp/contracts';
import { observeHttpRequests } from '@dcp/runtime';
import type { PlatformMetrics } from '@dcp/observability';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Which of the edge's two servers the hooks are installed on. */
export type EdgeApp = 'public' | 'admin';

const GATEWAY_ROUTES: Record<string, Surface> = { '/gateway': 'gateway', '/stream': 'stream' };
/** The operations SsoController serves (libs/edge/src/sso/sso.controller.ts). */
const SSO_OPERATIONS = new Set(['authorize_by_token', 'refresh_token', 'user_callback']);

export function recordHttpMetrics(fastify: FastifyInstance, metrics: PlatformMetrics, app: EdgeApp): void {
  observeHttpRequests(fastify, metrics, (req) => (app === 'admin' ? { surface: 'admin', operation: req.routeOptions.url ?? 'unknown' } : publicOperation(req)));
}

/** The surface and operation of a public request: the catalogue entry, the SSO operation, or the route. */
function publicOperation(req: FastifyRequest): { surface: string; operation: string } {
  const route = req.routeOptions.url;
  if (route === undefined) return { surface: 'other', operation: 'unknown' };
  const gateway = GATEWAY_ROUTES[route];
  if (gateway) {
    const service = (req.query as Record<string, unknown> | undefined)?.service;
    return { surface: gateway, operation: typeof service === 'string' && findOperation(gateway, service) ? service : 'unknown' };
  }
  if (route.startsWith('/sso/')) {
    const operation = (req.params as Record<string, unknown> | undefined)?.operation;
    return { surface: 'sso', operation: typeof operation === 'string' && SSO_OPERATIONS.has(operation) ? operation : 'unknown' };
  }
  if (route.startsWith('/hls/')) return { surface: 'hls', operation: route };
  // Cameras' requests: the surface storage-service's camera port labels its own with (camera-upload-server.ts).
  if (route.startsWith('/camera/')) return { surface: 'camera', operation: route };
  if (route.startsWith('/push/')) return { surface: 'push', operation: route };
  return { surface: 'other', operation: route };
}
