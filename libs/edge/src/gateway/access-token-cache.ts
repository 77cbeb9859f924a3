/**
 * A short cache of successful access-token verifications, so a burst of gateway calls costs one
 * request-reply round trip. A `user.deleted` event drops the user's entries on every edge replica at once;
 * anything else (token revocation by rotation, expiry) is bounded by the short TTL.
 */
import { createHash } from 'node:crypto';
import type { AuthenticatedUser } from '@dcp/contracts';

interface Entry {
  user: AuthenticatedUser;
  /** Cache entry end: min(now + ttl, token expiry). */
  until: number;
}

export class AccessTokenCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly ttlMs = 10_000,
    private readonly maxEntries = 50_000,
    private readonly now: () => number = Date.now,
  ) {}

  static key(clientId: string, openId: string, accessToken: string): string {
    return createHash('sha256').update(`${clientId}\0${openId}\0${accessToken}`).digest('base64');
  }

  get(key: string): AuthenticatedUser | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.until <= this.now()) {
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
    this.entries.set(key, { user, until: Math.min(this.now() + this.ttlMs, tokenExpiresAt) });
  }

  forgetUser(userId: number): void {
    for (const [k, e] of this.entries) if (e.user.userId === userId) this.entries.delete(k);
  }

  get size(): number {
    return this.entries.size;
  }
}
