/**
 * Who calls the admin API: the configured tokens (ADMIN_TOKEN, ADMIN_TOKENS; docs/decisions.md AU1) and the
 * identity {name, role} of the one a request presents. The guard attaches it to the request; the audit log
 * and GET /admin/v1/session read it from there.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { type AdminSessionView, ErrorCode, PlatformError } from '@dcp/contracts';
import type { AdminTokenConfig } from '@dcp/runtime';
import type { FastifyRequest } from 'fastify';

export type AdminIdentity = AdminSessionView;

const sha256 = (text: string) => createHash('sha256').update(text).digest();

export class AdminTokens {
  private readonly entries: readonly { hash: Buffer; identity: AdminIdentity }[];

  constructor(tokens: readonly AdminTokenConfig[]) {
    this.entries = tokens.map((t) => ({ hash: sha256(t.token), identity: { name: t.name, role: t.role } }));
  }

  /**
   * The identity of `Authorization: Bearer <token>`, or undefined. The presented token's hash is compared with
   * every configured one (equal lengths, constant time) and the loop never stops early, so the time taken
   * tells neither whether nor which token matched.
   */
  identify(authorization: string | undefined): AdminIdentity | undefined {
    const match = /^Bearer (.+)$/.exec(authorization ?? '');
    const presented = sha256(match ? match[1] : '');
    let found: AdminIdentity | undefined;
    for (const entry of this.entries) {
      const equal = timingSafeEqual(presented, entry.hash);
      found = equal && !found ? entry.identity : found;
    }
    return match ? found : undefined;
  }
}

const identities = new WeakMap<object, AdminIdentity>();

export function attachAdminIdentity(req: FastifyRequest, identity: AdminIdentity): void {
  identities.set(req, identity);
}

/** The identity the guard attached; undefined before the guard ran or when it refused the token. */
export function adminIdentityOf(req: FastifyRequest): AdminIdentity | undefined {
  return identities.get(req);
}

/** The caller's identity on a route behind the guard (ADMIN_UNAUTHORIZED if, against expectation, none). */
export function requireAdminIdentity(req: FastifyRequest): AdminIdentity {
  const identity = identities.get(req);
  if (!identity) throw new PlatformError(ErrorCode.ADMIN_UNAUTHORIZED);
  return identity;
}
