/**
 * The sandbox merchant's users and the opaque tokens it hands to its app. In memory on purpose: the sandbox
 * is a demo merchant for walk-throughs and tests, not part of the platform, and starts empty every time.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { MerchantUser, MerchantUserChanges, NewMerchantUser } from './merchant-user';

export const DEFAULT_TOKEN_TTL_SECONDS = 3600;

export class UserAlreadyExistsError extends Error {
  constructor(readonly uuid: string) {
    super(`user ${uuid} already exists`);
  }
}

interface TokenRecord {
  uuid: string;
  expiresAt: number;
}

export class MerchantUserStore {
  private readonly users = new Map<string, MerchantUser>();
  private readonly tokens = new Map<string, TokenRecord>();

  /** @param now clock in epoch milliseconds (tests move it to expire tokens). */
  constructor(private readonly now: () => number = Date.now) {}

  create(input: NewMerchantUser): MerchantUser {
    const uuid = input.uuid ?? randomUUID();
    if (this.users.has(uuid)) throw new UserAlreadyExistsError(uuid);
    const user: MerchantUser = {
      uuid,
      username: input.username,
      name: input.name,
      // Spec 2.3: nickname, phone and country may be empty; they are always present.
      nickname: input.nickname ?? '',
      phone: input.phone ?? '',
      country: input.country ?? '',
    };
    this.users.set(uuid, user);
    return { ...user };
  }

  update(uuid: string, changes: MerchantUserChanges): MerchantUser | undefined {
    const user = this.users.get(uuid);
    if (!user) return undefined;
    const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
    const updated: MerchantUser = { ...user, ...defined, uuid };
    this.users.set(uuid, updated);
    return { ...updated };
  }

  /** Removes the user and every token issued to it. */
  delete(uuid: string): boolean {
    if (!this.users.delete(uuid)) return false;
    for (const [token, record] of this.tokens) if (record.uuid === uuid) this.tokens.delete(token);
    return true;
  }

  get(uuid: string): MerchantUser | undefined {
    const user = this.users.get(uuid);
    return user && { ...user };
  }

  list(): MerchantUser[] {
    return [...this.users.values()].map((u) => ({ ...u }));
  }

  /** A new opaque token for the user's app, or undefined when the user does not exist. */
  issueToken(uuid: string, ttlSeconds: number = DEFAULT_TOKEN_TTL_SECONDS): string | undefined {
    if (!this.users.has(uuid)) return undefined;
    this.dropExpiredTokens();
    const token = randomBytes(24).toString('base64url');
    this.tokens.set(token, { uuid, expiresAt: this.now() + ttlSeconds * 1000 });
    return token;
  }

  /** When a live token expires (epoch milliseconds). */
  tokenExpiresAt(token: string): number | undefined {
    return this.tokens.get(token)?.expiresAt;
  }

  /** The user a token belongs to, while the token has not expired and the user still exists. */
  userForToken(token: string): MerchantUser | undefined {
    const record = this.tokens.get(token);
    if (!record) return undefined;
    if (record.expiresAt <= this.now()) {
      this.tokens.delete(token);
      return undefined;
    }
    return this.get(record.uuid);
  }

  private dropExpiredTokens(): void {
    const now = this.now();
    for (const [token, record] of this.tokens) if (record.expiresAt <= now) this.tokens.delete(token);
  }
}
