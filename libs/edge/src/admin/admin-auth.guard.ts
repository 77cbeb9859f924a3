import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { timingSafeEqual, createHash } from 'node:crypto';
import { ErrorCode, PlatformError } from '@dcp/contracts';
import { RUNTIME_CONTEXT, type RuntimeContext } from '@dcp/runtime';
import type { FastifyRequest } from 'fastify';

/** `Authorization: Bearer <ADMIN_TOKEN>`, compared in constant time (hashes make the lengths equal). */
@Injectable()
export class AdminAuthGuard implements CanActivate {
  private readonly expected: Buffer;

  constructor(@Inject(RUNTIME_CONTEXT) ctx: RuntimeContext) {
    this.expected = createHash('sha256').update(ctx.config.adminToken).digest();
  }

  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<FastifyRequest>();
    if (req.url === '/admin/v1/openapi.json') return true;
    const match = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
    if (!match || !timingSafeEqual(createHash('sha256').update(match[1]).digest(), this.expected)) {
      throw new PlatformError(ErrorCode.ADMIN_UNAUTHORIZED);
    }
    return true;
  }
}
