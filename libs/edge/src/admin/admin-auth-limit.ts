/**
 * Guessing admin tokens is limited per source address (docs/decisions.md SDA5): a request presenting a wrong or
 * no token counts one failure for its address (req.ip: the socket's peer, or X-Forwarded-For from an ADMIN_TRUST_PROXY
 * peer, SDA6; IPv6 by /64), counted by @fastify/rate-limit's store in this process. Once an
 * address has ADMIN_AUTH_FAILURES_PER_ADDRESS failures in the window, every admin API request from it answers
 * ADMIN_RATE_LIMITED (AD0429, HTTP 429, Retry-After) until the window ends, a valid token's too: were a valid
 * token let through, each guess would still be tried and a right one would still win. A request with a valid
 * token from an address that is not locked is neither counted nor delayed (one hash, no sleep).
 *
 * All of it runs in one onRequest hook, before the body is read: the check, the token's identification and the
 * count follow each other without I/O in between, so concurrent guesses cannot all slip past the check.
 */
import fastifyRateLimit, { type CreateRateLimitOptions } from '@fastify/rate-limit';
import { ErrorCode, PlatformError } from '@dcp/contracts';
import type { PlatformMetrics } from '@dcp/observability';
import type { AdminAuthLimits } from '@dcp/runtime';
import type { FastifyInstance } from 'fastify';
import type { AdminTokens } from './admin-tokens';

/** Addresses remembered; the least recently failing are forgotten first. */
const REMEMBERED_ADDRESSES = 100_000;

const OPENAPI_PATH = '/admin/v1/openapi.json';

/** Whether the admin API asks this request for a token: every /admin/v1 route but GET of the OpenAPI document. */
export function requiresAdminToken(method: string, url: string): boolean {
  if (method === 'GET' && url === OPENAPI_PATH) return false;
  return url.startsWith('/admin/v1/');
}

/** Registers the limit on the admin port's Fastify instance (before it listens). */
export async function registerAdminAuthLimit(fastify: FastifyInstance, tokens: AdminTokens, limits: AdminAuthLimits, metrics: PlatformMetrics): Promise<void> {
  // global: false — the plugin adds no hook or answer of its own; the hook below decides.
  await fastify.register(fastifyRateLimit, { global: false });
  // `cache` (the size of the store) is honoured by createRateLimit though its type omits it.
  const options: CreateRateLimitOptions & { cache: number } = { max: limits.failuresPerAddress, timeWindow: limits.windowMs, cache: REMEMBERED_ADDRESSES };
  const failures = fastify.createRateLimit(options);

  fastify.addHook('onRequest', async (req, reply) => {
    if (!requiresAdminToken(req.method, req.url)) return;
    const seen = await failures(req, { increment: false });
    if (!seen.isAllowed && seen.remaining === 0) {
      metrics.increment('dcp_admin_auth_failures_total', { outcome: 'limited' });
      const retryAfter = Math.max(1, seen.ttlInSeconds);
      void reply.header('retry-after', String(retryAfter));
      throw new PlatformError(
        ErrorCode.ADMIN_RATE_LIMITED,
        `too many requests with a wrong admin token from this address: at most ${limits.failuresPerAddress} per ${limits.windowMs / 1000} s, retry after ${retryAfter} s`,
      );
    }
    if (tokens.identify(req.headers.authorization)) return;
    // The guard answers AD0401 once the request reaches it; the failure is counted now, before any I/O.
    await failures(req);
    metrics.increment('dcp_admin_auth_failures_total', { outcome: 'refused' });
  });
}
