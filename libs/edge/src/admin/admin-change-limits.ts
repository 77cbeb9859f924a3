/**
 * Changing admin calls per token and per source address (decisions SDB2): every POST, PUT, PATCH and DELETE
 * under /admin/v1 presented with a known token — the calls the audit log records, refusals included — is
 * counted by @fastify/rate-limit in this process, per token name (ADMIN_CHANGES_PER_TOKEN) and per source
 * address (ADMIN_CHANGES_PER_ADDRESS; IPv6 by /64, as ADMIN_TRUST_PROXY lets X-Forwarded-For speak, SDA6) in each
 * ADMIN_CHANGES_WINDOW_MS. One over a limit is refused with ADMIN_RATE_LIMITED (AD0429, HTTP 429, Retry-After)
 * before its body is read. Reads are never counted; calls without a valid token are left to the guard (there
 * is no one to record them against).
 *
 * The audit log records the FIRST refusal of each window per token or address, so an operator sees when and
 * whom a limit stopped; the refusals after it in that window are not recorded (each would grow the table the
 * limit protects) and are counted only by dcp_http_request_duration_seconds{surface="admin",code="AD0429"}.
 */
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import fastifyRateLimit, { type CreateRateLimitOptions } from '@fastify/rate-limit';
import { AUDITED_METHODS, ErrorCode, PlatformError } from '@dcp/contracts';
import { RUNTIME_CONFIG } from '@dcp/runtime';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EdgeConfig } from '../edge-config';
import { AdminTokens } from './admin-tokens';

const PREFIX = '/admin/v1/';
const AUDITED = new Set<string>(AUDITED_METHODS);
/** Token names and addresses remembered per limit; the least recently seen are forgotten first. */
const REMEMBERED_KEYS = 10_000;

type Limiter = (req: FastifyRequest) => Promise<{ isAllowed: true } | { isAllowed: false; isExceeded: boolean; isBanned: boolean; ttlInSeconds: number }>;

/** Refusals the audit log leaves out: not the first of their window. */
const unrecorded = new WeakSet<object>();

/** True for a refusal of a change limit that is not the first of its window (AdminAudit does not record it). */
export function isUnrecordedRefusal(req: object): boolean {
  return unrecorded.has(req);
}

@Injectable()
export class AdminChangeLimits implements OnModuleInit {
  private readonly tokens: AdminTokens;

  constructor(
    @Inject(RUNTIME_CONFIG) private readonly config: Pick<EdgeConfig, 'adminTokens' | 'adminChangeLimits'>,
    private readonly adapterHost: HttpAdapterHost,
  ) {
    this.tokens = new AdminTokens(config.adminTokens);
  }

  onModuleInit(): void {
    const { perToken, perAddress, windowMs } = this.config.adminChangeLimits;
    if (perToken === 0 && perAddress === 0) return;
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    // Registered, not awaited: awaiting here would load the routes Nest declared before Nest gives the server
    // its error handler (after every onModuleInit), and their refusals would bypass the admin filter. The
    // plugin is loaded before the server listens; the limiters are made at the first changing call. The plugin
    // decorates once, so another limit of this server may register it too.
    void fastify.register(fastifyRateLimit, { global: false });
    const names = new WeakMap<object, string>();
    let limiters: { byToken?: Limiter; byAddress?: Limiter } | undefined;
    const make = () => {
      // global: false above — no route gets the plugin's own hook or answer; this hook decides.
      // `ban: 1` marks every refusal after the first of a window (isBanned), which the audit log leaves out.
      // `cache` (the size of this limit's store) is honoured by createRateLimit though its type omits it.
      const limiter = (max: number, keyGenerator?: (req: FastifyRequest) => string): Limiter => {
        const options: CreateRateLimitOptions & { cache: number } = { max, timeWindow: windowMs, ban: 1, cache: REMEMBERED_KEYS, ...(keyGenerator ? { keyGenerator } : {}) };
        return fastify.createRateLimit(options) as Limiter;
      };
      return {
        byToken: perToken > 0 ? limiter(perToken, (req) => names.get(req) as string) : undefined,
        // The plugin's own key: req.ip, IPv4-mapped IPv6 as IPv4, other IPv6 addresses by their /64.
        byAddress: perAddress > 0 ? limiter(perAddress) : undefined,
      };
    };
    fastify.addHook('onRequest', async (req, reply) => {
      if (!AUDITED.has(req.method) || !req.url.startsWith(PREFIX)) return;
      const identity = this.tokens.identify(req.headers.authorization);
      if (!identity) return;
      names.set(req, identity.name);
      limiters ??= make();
      if (limiters.byToken) await check(limiters.byToken, req, reply, `by the admin token ${identity.name}`, perToken, windowMs);
      if (limiters.byAddress) await check(limiters.byAddress, req, reply, 'from this address', perAddress, windowMs);
    });
  }
}

async function check(limiter: Limiter, req: FastifyRequest, reply: FastifyReply, what: string, limit: number, windowMs: number): Promise<void> {
  const outcome = await limiter(req);
  if (outcome.isAllowed || !outcome.isExceeded) return;
  if (outcome.isBanned) unrecorded.add(req);
  void reply.header('retry-after', String(outcome.ttlInSeconds));
  throw new PlatformError(ErrorCode.ADMIN_RATE_LIMITED, `too many changing admin calls ${what}: at most ${limit} per ${windowMs / 1000} s, retry after ${outcome.ttlInSeconds} s`);
}
