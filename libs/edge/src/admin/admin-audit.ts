/**
 * The audit log of changing admin calls (docs/decisions.md AU3–AU6): every POST, PUT, PATCH and DELETE under
 * /admin/v1 by a known token is recorded in sso-service (`dcp.rpc.sso.admin.audit.*`).
 *
 * - A call that is forwarded is recorded (pending) BEFORE it is forwarded; if that record cannot be written the
 *   call is refused (FC_SYSTEM_ERROR) and nothing changes. Its answer's status and error code complete the
 *   entry before the answer is sent; if completing fails it is logged as an error and the entry stays pending.
 * - A call refused before forwarding (role, route, body) is recorded at once with its refusal
 *   (AdminExceptionFilter); the refusal's answer is held back until that record is written (an onSend hook of
 *   the admin server), so what a client was answered is in the log when it reads it.
 * - Recorded: the token's name and role, method, route template, operationId, tag, concrete path, path
 *   params, query, the request id (the platform's own) and the caller's x-request-id beside it (SDB3), and
 *   of a forwarded call the JSON body with credential-named fields masked (a raw body: its byte count and
 *   SHA-256). A call refused before forwarding keeps only its body's byte count and SHA-256 (SDB1): a token
 *   that may change nothing cannot store what it sends. Never a response: create and rotate answers carry
 *   secrets.
 * - Not recorded: calls without a valid token (no one to name; anyone could fill the table), reads.
 */
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import {
  AUDIT_LIMITS,
  AUDITED_METHODS,
  type AuditOutcome,
  type AuditRequest,
  ErrorCode,
  PlatformError,
  type RecordAuditRequest,
  SSO_AUDIT_RPC,
} from '@dcp/contracts';
import { REDACTED, isCredentialName, scrubText } from '@dcp/observability';
import type { RpcClient } from '@dcp/messaging';
import { RUNTIME_CONFIG, RUNTIME_RPC_CLIENT } from '@dcp/runtime';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EdgeConfig } from '../edge-config';
import { type AdminRoute, compilePath } from './admin-route';
import { ADMIN_ROUTES } from './admin-routes';
import { type AdminIdentity, AdminTokens, adminIdentityOf, requireAdminIdentity } from './admin-tokens';
import { operationIdOf } from './openapi';
import { bodyDigestOf, digestAdminBodies } from './audit-body-digest';
import { isUnrecordedRefusal } from './admin-change-limits';
import { clientRequestIdOf } from '../http/request-id';

const PREFIX = '/admin/v1';
const AUDITED = new Set<string>(AUDITED_METHODS);
const compiled = ADMIN_ROUTES.map((route) => ({ route, match: compilePath(route.path) }));

/** Requests whose audit entry is already taken care of (recorded, or its recording failed and was answered). */
const handled = new WeakSet<object>();

@Injectable()
export class AdminAudit implements OnModuleInit {
  private readonly logger = new Logger('admin-audit');
  private readonly tokens: AdminTokens;
  /** Refusals being recorded: their answers wait for it. */
  private readonly recording = new WeakMap<object, Promise<void>>();

  constructor(
    @Inject(RUNTIME_CONFIG) config: Pick<EdgeConfig, 'adminTokens'>,
    @Inject(RUNTIME_RPC_CLIENT) private readonly rpcClient: RpcClient,
    private readonly adapterHost: HttpAdapterHost,
  ) {
    this.tokens = new AdminTokens(config.adminTokens);
  }

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    // Every answer of the admin server, refusals of the body parser included, goes through onSend.
    fastify.addHook('onSend', async (req, _reply, payload) => {
      await this.recording.get(req)?.catch(() => undefined);
      return payload;
    });
    // The size and SHA-256 of each changing call's body, what a refusal's entry keeps of it (SDB1).
    digestAdminBodies(fastify);
  }

  /**
   * Runs `call` (the forwarding of a matched route) with its audit entry around it: recorded pending first,
   * completed with the answer after. Reads pass straight through.
   */
  async forward<T>(req: FastifyRequest, route: AdminRoute, params: Record<string, string>, call: () => Promise<T>): Promise<T> {
    if (!AUDITED.has(req.method)) return call();
    // Behind the guard there is always one; without it nothing changes unrecorded.
    const identity = requireAdminIdentity(req);
    handled.add(req);
    let id: string;
    try {
      ({ id } = await this.rpcClient.request(SSO_AUDIT_RPC.record, this.entry(req, identity, route, params)));
    } catch (err) {
      this.logger.error(`request ${req.id}: ${req.method} ${pathOf(req)} refused: its audit entry could not be recorded (${describe(err)})`);
      throw new PlatformError(ErrorCode.FC_SYSTEM_ERROR, 'the audit log could not record this change, so it was not made; try again later');
    }
    let result: T;
    try {
      result = await call();
    } catch (err) {
      const refusal = PlatformError.from(err);
      await this.complete(req, id, { status: refusal.httpStatus, errorCode: refusal.value });
      throw err;
    }
    await this.complete(req, id, { status: route.status, errorCode: null });
    return result;
  }

  /**
   * A changing call refused before it was forwarded (read-only token, unknown route or method, a bad or
   * oversized body): recorded complete with its refusal, while its answer waits. Never fails: a failure is logged.
   * Resolves once recorded, for an answer sent outside the server's hooks (an undecodable URL, SDC3).
   */
  recordRefusal(req: FastifyRequest, refusal: PlatformError): Promise<void> {
    // A change limit's refusals after the first of their window are not recorded (admin-change-limits.ts, SDB2).
    if (!AUDITED.has(req.method) || handled.has(req) || isUnrecordedRefusal(req)) return Promise.resolve();
    const recording = this.writeRefusal(req, refusal);
    this.recording.set(req, recording);
    return recording;
  }

  private async writeRefusal(req: FastifyRequest, refusal: PlatformError): Promise<void> {
    const path = pathOf(req);
    if (path !== PREFIX && !path.startsWith(`${PREFIX}/`)) return;
    const identity = adminIdentityOf(req) ?? this.tokens.identify(req.headers.authorization);
    if (!identity) return;
    handled.add(req);
    const outcome: AuditOutcome = { status: refusal.httpStatus, errorCode: refusal.value };
    try {
      const hit = compiled.map((c) => ({ route: c.route, params: matchOrNothing(c.match, path.slice(PREFIX.length) || '/') })).find((c) => c.params && c.route.method === req.method);
      await this.rpcClient.request(SSO_AUDIT_RPC.record, { ...this.entry(req, identity, hit?.route, hit?.params ?? {}, { refused: true }), outcome });
    } catch (err) {
      this.logger.error(`request ${req.id}: the audit entry of the refused ${req.method} ${path} (${refusal.value}) could not be recorded (${describe(err)})`);
    }
  }

  private async complete(req: FastifyRequest, id: string, outcome: AuditOutcome): Promise<void> {
    try {
      await this.rpcClient.request(SSO_AUDIT_RPC.complete, { id, outcome });
    } catch (err) {
      // The call was carried out (or refused) and is answered; its entry stays pending, so the log shows it
      // as unknown rather than losing it.
      this.logger.error(`request ${req.id}: the audit entry ${id} of ${req.method} ${pathOf(req)} could not be completed with status ${outcome.status}; it stays pending (${describe(err)})`);
    }
  }

  private entry(req: FastifyRequest, identity: AdminIdentity, route: AdminRoute | undefined, params: Record<string, string>, opts: { refused?: boolean } = {}): RecordAuditRequest {
    return {
      actor: { name: identity.name, role: identity.role },
      method: req.method as RecordAuditRequest['method'],
      request: auditRequest(req, route, params, opts),
      requestId: req.id ? String(req.id).slice(0, AUDIT_LIMITS.maxRequestIdLength) : null,
      clientRequestId: clientRequestIdOf(req.headers) ?? null,
    };
  }
}

/**
 * What the entry says of the request: route, path, params, query, and the body (masked, bounded) — or, for a
 * raw body, one over the bound, or any body of a call refused before forwarding, its size and SHA-256 only.
 */
export function auditRequest(
  req: Pick<FastifyRequest, 'url' | 'query' | 'body'> & Partial<Pick<FastifyRequest, 'headers'>>,
  route: AdminRoute | undefined,
  params: Record<string, string>,
  { refused = false }: { refused?: boolean } = {},
): AuditRequest {
  const raw = Buffer.isBuffer(req.body) ? req.body : undefined;
  const body = refused || raw || req.body === undefined ? null : bounded(masked(req.body));
  const stored = body !== null && !isTruncated(body);
  const digest = stored ? null : bodyDigestOf(req);
  return {
    route: route ? `${PREFIX}${route.path}` : null,
    operationId: route ? operationIdOf(route) : null,
    tag: route?.tag ?? null,
    path: pathOf(req).slice(0, AUDIT_LIMITS.maxPathLength),
    params: masked(params) as Record<string, string>,
    query: masked((req.query ?? {}) as Record<string, unknown>) as Record<string, unknown>,
    body,
    bodyBytes: digest?.bytes ?? (raw ? raw.length : null),
    bodySha256: digest?.sha256 ?? null,
  };
}

function isTruncated(body: unknown): boolean {
  return typeof body === 'object' && body !== null && (body as { truncated?: unknown }).truncated === true;
}

function pathOf(req: Pick<FastifyRequest, 'url'>): string {
  return req.url.split('?')[0];
}

/**
 * Credential-named fields at any depth → [REDACTED]; credentials in text are scrubbed as in the logs; NUL
 * characters (which PostgreSQL's JSON cannot hold, and which would make the record fail) → U+FFFD.
 */
function masked(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return storable(scrubText(value));
  if (value === null || typeof value !== 'object') return value;
  if (depth >= 32) return '[…]';
  if (Array.isArray(value)) return value.map((v) => masked(v, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, v]) => [storable(key), isCredentialName(key) ? REDACTED : masked(v, depth + 1)]));
}

function storable(text: string): string {
  return text.includes('\u0000') ? text.replaceAll('\u0000', '\uFFFD') : text;
}

/** A path parameter that is not valid percent-encoding matches nothing (the controller refuses it too). */
function matchOrNothing(match: (path: string) => Record<string, string> | undefined, path: string): Record<string, string> | undefined {
  try {
    return match(path);
  } catch {
    return undefined;
  }
}

function bounded(body: unknown): unknown {
  const bytes = Buffer.byteLength(JSON.stringify(body) ?? '');
  return bytes > AUDIT_LIMITS.maxBodyBytes ? { truncated: true, bytes } : body;
}

function describe(err: unknown): string {
  return err instanceof PlatformError ? `${err.value} ${err.failureDetails}` : err instanceof Error ? err.message : String(err);
}
