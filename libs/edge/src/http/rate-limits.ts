/**
 * Request limits of the public port (decisions AB1–AB3), counted by @fastify/rate-limit in this process:
 * per source address (req.ip, IPv6 by /64, as TRUST_PROXY lets X-Forwarded-For speak) before the body is
 * read, and per merchant clientId once the parameters are parsed. Only the merchant surfaces are limited
 * (routes stating `@OnSurface`: /sso/*, /gateway, /stream); health, metrics and the API document are not.
 * A refusal is RATE_LIMITED (RL0429) thrown into the route's surface filter, so it answers in that surface's
 * envelope and status, with Retry-After.
 */
import fastifyRateLimit, { type CreateRateLimitOptions } from '@fastify/rate-limit';
import { ErrorCode, PlatformError } from '@dcp/contracts';
import type { RateLimits } from '@dcp/runtime';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type PublicSurface, surfaceOf } from './surface';

/** Addresses and clientIds remembered per limit; the least recently seen are forgotten first. */
const REMEMBERED_KEYS = 100_000;
/** Longest clientId counted as sent (a real one has 24 characters): a longer value cannot grow the store's keys. */
const MAX_CLIENT_ID = 64;

type Limiter = (req: FastifyRequest) => Promise<{ isAllowed: true } | { isAllowed: false; isExceeded: boolean; ttlInSeconds: number }>;

/** The clientId a request names: the SSO `x-client-id` header, or the gateway's `clientId` parameter (query or body). */
export function namedClientId(req: FastifyRequest, surface: PublicSurface): string | undefined {
  const fromHeader = req.headers['x-client-id'];
  const fromParams = (source: unknown) => (source && typeof source === 'object' ? (source as Record<string, unknown>).clientId : undefined);
  const value = surface === 'sso' ? fromHeader : (fromParams(req.body) ?? fromParams(req.query));
  return typeof value === 'string' && value !== '' ? value.slice(0, MAX_CLIENT_ID) : undefined;
}

function refuse(reply: FastifyReply, retryAfterSeconds: number, what: string, limit: number, windowMs: number): never {
  void reply.header('retry-after', String(retryAfterSeconds));
  throw new PlatformError(ErrorCode.RATE_LIMITED, `too many requests ${what}: at most ${limit} per ${windowMs / 1000} s, retry after ${retryAfterSeconds} s`);
}

async function check(limiter: Limiter, req: FastifyRequest, reply: FastifyReply, what: string, limit: number, windowMs: number): Promise<void> {
  const outcome = await limiter(req);
  if (!outcome.isAllowed && outcome.isExceeded) refuse(reply, outcome.ttlInSeconds, what, limit, windowMs);
}

/** Registers the limits on the public port's Fastify instance (before it listens); a limit of 0 is off. */
export async function registerRateLimits(fastify: FastifyInstance, limits: RateLimits): Promise<void> {
  if (limits.perAddress === 0 && limits.perClient === 0) return;
  // global: false — no route gets the plugin's own hook or its 429 answer; the hooks below decide.
  await fastify.register(fastifyRateLimit, { global: false });
  const limiter = (max: number, keyGenerator?: (req: FastifyRequest) => string): Limiter => {
    // `cache` (the size of this limit's store) is honoured by createRateLimit though its type omits it.
    const options: CreateRateLimitOptions & { cache: number } = { max, timeWindow: limits.windowMs, cache: REMEMBERED_KEYS, ...(keyGenerator ? { keyGenerator } : {}) };
    return fastify.createRateLimit(options);
  };

  if (limits.perAddress > 0) {
    // The plugin's own key: req.ip, IPv4-mapped IPv6 as IPv4, other IPv6 addresses by their /64.
    const perAddress = limiter(limits.perAddress);
    fastify.addHook('onRequest', async (req, reply) => {
      if (surfaceOf(req)) await check(perAddress, req, reply, 'from this address', limits.perAddress, limits.windowMs);
    });
  }
  if (limits.perClient > 0) {
    const perClient = limiter(limits.perClient, (req) => namedClientId(req, surfaceOf(req) as PublicSurface) as string);
    fastify.addHook('preHandler', async (req, reply) => {
      const surface = surfaceOf(req);
      if (surface && namedClientId(req, surface)) await check(perClient, req, reply, 'for this clientId', limits.perClient, limits.windowMs);
    });
  }
}
