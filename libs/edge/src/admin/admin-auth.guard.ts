import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { ErrorCode, PlatformError } from '@dcp/contracts';
import { RUNTIME_CONFIG } from '@dcp/runtime';
import type { FastifyRequest } from 'fastify';
import type { EdgeConfig } from '../edge-config';
import { requiresAdminToken } from './admin-auth-limit';
import { readOnlyMayCall } from './admin-routes';
import { AdminTokens, attachAdminIdentity } from './admin-tokens';

/**
 * `Authorization: Bearer <token>` of ADMIN_TOKEN or ADMIN_TOKENS (docs/decisions.md AU1, AU2): attaches the
 * caller's identity {name, role} to the request; a `read-only` token may only GET, and POST the routes that
 * change nothing (`readsOnly`: playback URLs; AU8), else ADMIN_FORBIDDEN (AD0403).
 * The OpenAPI document is readable without a token. Before this guard, the admin port has checked the Host
 * (admin-host-check.ts) and counted a wrong token against its address (admin-auth-limit.ts, SDA5).
 */
@Injectable()
export class AdminAuthGuard implements CanActivate {
  private readonly tokens: AdminTokens;

  constructor(@Inject(RUNTIME_CONFIG) config: Pick<EdgeConfig, 'adminTokens'>) {
    this.tokens = new AdminTokens(config.adminTokens);
  }

  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<FastifyRequest>();
    if (!requiresAdminToken(req.method, req.url)) return true;
    const identity = this.tokens.identify(req.headers.authorization);
    if (!identity) throw new PlatformError(ErrorCode.ADMIN_UNAUTHORIZED);
    attachAdminIdentity(req, identity);
    if (identity.role === 'read-only' && !readOnlyMayCall(req.method, (req.url.split('?')[0] ?? '').slice('/admin/v1'.length))) {
      throw new PlatformError(ErrorCode.ADMIN_FORBIDDEN, `this admin token (${identity.name}) may only read: ${req.method} needs a token with role full`);
    }
    return true;
  }
}
