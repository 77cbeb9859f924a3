/**
 * One controller serves every admin route of the table (admin-routes.ts): match, authenticate (guard),
 * forward to the owning service over request-reply, answer with the route's status.
 */
import { All, Controller, Inject, Req, Res, UseGuards } from '@nestjs/common';
import { ErrorCode, PlatformError } from '@dcp/contracts';
import type { RpcClient } from '@dcp/messaging';
import { RUNTIME_RPC_CLIENT } from '@dcp/runtime';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AdminAuthGuard } from './admin-auth.guard';
import { AdminAudit } from './admin-audit';
import { requireAdminIdentity } from './admin-tokens';
import { bodyTooLarge } from '../http/body-limits';
import { type AdminRoute, compilePath } from './admin-route';
import { answerRoute } from './admin-composition';
import { refuseUnstorableInput } from './admin-input';
import { refuseUndecodablePath } from './admin-undecodable-path';
import { ADMIN_ROUTES } from './admin-routes';
import { buildOpenApiDocument } from './openapi';
import { PublicTrafficWindow } from '../http/public-traffic';

const PREFIX = '/admin/v1';
const compiled = ADMIN_ROUTES.map((route) => ({ route, match: compilePath(route.path) }));

@Controller()
@UseGuards(AdminAuthGuard)
export class AdminController {
  private readonly openApi = buildOpenApiDocument(ADMIN_ROUTES);

  constructor(
    @Inject(RUNTIME_RPC_CLIENT) private readonly rpcClient: RpcClient,
    private readonly audit: AdminAudit,
    private readonly traffic: PublicTrafficWindow,
  ) {}

  @All('admin/v1/*')
  async handle(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    // A path sent undecodable reaches here escaped, past the Host check, limits and guard: refused (SDC3).
    refuseUndecodablePath(req);
    const path = req.url.split('?')[0].slice(PREFIX.length) || '/';
    if (path === '/openapi.json' && req.method === 'GET') {
      await reply.status(200).send(this.openApi);
      return;
    }
    const candidates = compiled.map((c) => ({ ...c, params: c.match(path) })).filter((c) => c.params);
    if (candidates.length === 0) throw new PlatformError(ErrorCode.ADMIN_NOT_FOUND, `no admin route ${path}`);
    const hit = candidates.find((c) => c.route.method === req.method);
    if (!hit) throw new PlatformError(ErrorCode.ADMIN_VALIDATION_FAILED, `${req.method} is not allowed on ${PREFIX}${path}`);
    // Text no service can store (NUL, a lone surrogate) is refused here for every route, naming the field (SDC1).
    refuseUnstorableInput({ params: hit.params ?? {}, query: req.query, body: req.body });
    if (hit.route.local) {
      await reply.status(hit.route.status).send(hit.route.local.answer({ identity: requireAdminIdentity(req) }));
      return;
    }
    const body = hit.route.rawBody ? rawBody(req, hit.route.rawBody) : (req.body ?? {});
    if (hit.route.body && (typeof body !== 'object' || Array.isArray(body))) {
      throw new PlatformError(ErrorCode.ADMIN_VALIDATION_FAILED, 'body must be a JSON object');
    }
    const request = hit.route.toRequest({ params: hit.params ?? {}, query: (req.query ?? {}) as Record<string, string>, body });
    const route = hit.route;
    // A changing call is recorded in the audit log before it is forwarded, and completed after (admin-audit.ts).
    const result = await this.audit.forward(req, hit.route, hit.params ?? {}, () =>
      answerRoute(route, request, this.rpcClient, { publicTraffic: () => this.traffic.view() }).catch((err: unknown) => {
        throw hit.route.rawBody ? explainBusRefusal(err, (body as Buffer).length) : err;
      }),
    );
    if (hit.route.status === 204) await reply.status(204).send();
    else await reply.status(hit.route.status).send(result);
  }
}

/** The raw body of a rawBody route: its media type, not empty, within the route's limit. */
function rawBody(req: FastifyRequest, spec: NonNullable<AdminRoute['rawBody']>): Buffer {
  const type = String(req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (type !== spec.contentType) throw new PlatformError(ErrorCode.ADMIN_VALIDATION_FAILED, `invalid field body: the body must be ${spec.contentType} (Content-Type: ${spec.contentType})`);
  const body = req.body;
  if (!Buffer.isBuffer(body) || body.length === 0) throw new PlatformError(ErrorCode.ADMIN_VALIDATION_FAILED, 'invalid field body: the body is empty');
  if (body.length > spec.maxBytes) throw bodyTooLarge(spec.maxBytes);
  return body;
}

/** A raw body the bus refused as too large: add what the operator can do about it. */
function explainBusRefusal(err: unknown, bytes: number): unknown {
  if (!(err instanceof PlatformError) || err.code !== ErrorCode.FC_SYSTEM_ERROR || !/max_payload/.test(err.failureDetails)) return err;
  return new PlatformError(ErrorCode.FC_SYSTEM_ERROR, `${err.failureDetails}: the ${bytes}-byte body travels base64 in one bus message; the platform needs a NATS max_payload of at least 6 MiB`);
}
