/**
 * Request limits of the public port (decisions AB1–AB3, SDE1), counted by @fastify/rate-limit in this process:
 * per source address (req.ip, IPv6 by /64, as TRUST_PROXY lets X-Forwarded-For speak) before the body is
 * read, and per merchant clientId. Only the merchant surfaces are limited (routes stating `@OnSurface`:
 * /sso/*, /gateway, /stream); health, metrics and the API document are not.
 *
 * A merchant's budget is spent only by requests verified as that merchant's: the place that verifies (the
 * SSO controller from sso-service's answer, the gateway dispatcher from the access token) calls
 * countVerifiedClient. Before the work, once the parameters are parsed, a request naming a clientId whose
 * budget is spent is refused without spending anything — so a flood naming someone else's clientId without
 * its secret or a token costs that merchant nothing; it is limited per address only.
 *
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

type Outcome = { isAllowed: true } | { isAllowed: false; isExceeded: boolean; remaining: number; ttlInSeconds: number };
/** `increment: false` reads the count without spending (@fastify/rate-limit's LocalStore `read`). */
type Limiter = (req: FastifyRequest, options?: { increment: boolean }) => Promise<Outcome>;

/** The clientId a request was verified as (set by countVerifiedClient): the key its spending counts under. */
const verifiedClientIds = new WeakMap<FastifyRequest, string>();
/** The per-clientId limiter of the port a surface request arrived on; absent when that limit is off. */
const clientBudgets = new WeakMap<FastifyRequest, Limiter>();

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

/** Refuses a request naming a clientId whose budget its verified requests have spent; spends nothing. */
async function checkBudget(limiter: Limiter, req: FastifyRequest, reply: FastifyReply, limit: number, windowMs: number): Promise<void> {
  const outcome = await limiter(req, { increment: false });
  if (!outcome.isAllowed && outcome.remaining === 0) refuse(reply, outcome.ttlInSeconds, 'for this clientId', limit, windowMs);
}

/**
 * Spends one request of `clientId`'s budget: called where a request is verified as that merchant's (SSO: a
 * signature sso-service accepted; gateway: an access token of that clientId). Never refuses — the work is
 * done or under way; the next request naming the clientId is refused when the budget is spent. Nothing
 * happens when the per-clientId limit is off or the route is no merchant surface.
 */
export async function countVerifiedClient(req: FastifyRequest, clientId: string): Promise<void> {
  const budget = clientBudgets.get(req);
  if (!budget) return;
  verifiedClientIds.set(req, clientId.slice(0, MAX_CLIENT_ID));
  await budget(req);
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
    const perClient = limiter(limits.perClient, (req) => verifiedClientIds.get(req) ?? (namedClientId(req, surfaceOf(req) as PublicSurface) as string));
    fastify.addHook('preHandler', async (req, reply) => {
      const surface = surfaceOf(req);
      if (!surface) return;
      if (namedClientId(req, surface)) await checkBudget(perClient, req, reply, limits.perClient, limits.windowMs);
      clientBudgets.set(req, perClient);
    });
  }
}
