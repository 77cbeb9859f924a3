/**
 * A short cache of successful access-token verifications, so a burst of gateway calls costs one
 * request-reply round trip. A `user.deleted` event drops the user's entries on every edge replica at once
 * (the cache subscribes itself when its module starts); anything else (token revocation by rotation,
 * expiry) is bounded by the short TTL. One instance per edge, injected where tokens are verified (the
 * gateway dispatcher) and where a DELETE callback revokes them (the SSO controller).
 */
import { createHash } from 'node:crypto';
import type { OnModuleInit, Provider } from '@nestjs/common';
import { type AuthenticatedUser, EVENTS } from '@dcp/contracts';
import type { EventBus } from '@dcp/messaging';
import { RUNTIME_CLOCK, RUNTIME_EVENT_BUS, RUNTIME_METRICS, type Clock, type PlatformMetrics } from '@dcp/runtime';

interface Entry {
  user: AuthenticatedUser;
  /** Cache entry end: min(now + ttl, token expiry). */
  until: number;
}

export class AccessTokenCache implements OnModuleInit {
  private readonly entries = new Map<string, Entry>();

  constructor(
    /** The runtime clock in production (the one sso-service stamps token expiries with); a spec's own clock in unit specs. */
    private readonly clock: Clock,
    private readonly ttlMs = 10_000,
    private readonly maxEntries = 50_000,
    /** Where `user.deleted` arrives; without it (unit specs) only forgetUser drops a user's entries. */
    private readonly events?: Pick<EventBus, 'subscribe'>,
    /** Counts hits and misses (`dcp_edge_access_token_cache_{hits,misses}_total`: the hit ratio). */
    private readonly metrics?: Pick<PlatformMetrics, 'increment'>,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.events?.subscribe([EVENTS.userDeleted.subject], (env) => {
      if (env.type === EVENTS.userDeleted.subject) this.forgetUser((env.data as { userId: number }).userId);
    });
  }

  static key(clientId: string, openId: string, accessToken: string): string {
    return createHash('sha256').update(`${clientId}\0${openId}\0${accessToken}`).digest('base64');
  }

  get(key: string): AuthenticatedUser | undefined {
    const user = this.lookup(key);
    this.metrics?.increment(user ? 'dcp_edge_access_token_cache_hits_total' : 'dcp_edge_access_token_cache_misses_total', {});
    return user;
  }

  private lookup(key: string): AuthenticatedUser | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.until <= this.clock.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return e.user;
  }

  set(key: string, user: AuthenticatedUser, tokenExpiresAt: number): void {
    if (this.entries.size >= this.maxEntries) {
      // Maps iterate in insertion order: drop the oldest entry.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { user, until: Math.min(this.clock.now() + this.ttlMs, tokenExpiresAt) });
  }

  forgetUser(userId: number): void {
    for (const [k, e] of this.entries) if (e.user.userId === userId) this.entries.delete(k);
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * The edge's cache: on the runtime clock, the same clock as sso-service, which stamps the token expiry the
 * cache must never outlive; subscribed to `user.deleted` on the runtime's event bus.
 */
export const accessTokenCacheProvider: Provider = {
  provide: AccessTokenCache,
  inject: [RUNTIME_CLOCK, RUNTIME_EVENT_BUS, RUNTIME_METRICS],
  useFactory: (clock: Clock, events: EventBus, metrics: PlatformMetrics) => new AccessTokenCache(clock, 10_000, 50_000, events, metrics),
};
