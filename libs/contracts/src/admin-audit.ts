/**
 * Admin tokens' roles, the caller's session, and the audit log of changing admin calls (docs/decisions.md,
 * "Admin console, roles and audit"). The edge has no database: it records each changing call in sso-service
 * over `dcp.rpc.sso.admin.audit.*` before forwarding it, and completes the entry with the answer's status.
 */
import { z } from 'zod';
import { listPageSchema } from './admin-paging';
import { ErrorCode } from './error-codes';
import { PlatformError } from './platform-error';
import type { RpcContract } from './rpc';

/** `full` may call every admin route; `read-only` the GETs and the POSTs that change nothing (playback URLs; anything else answers ADMIN_FORBIDDEN, AD0403). */
export const ADMIN_ROLES = ['full', 'read-only'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

/** Who calls the admin API: the name and role of the token presented (never the token). */
export const adminSessionViewSchema = z.object({ name: z.string(), role: z.enum(ADMIN_ROLES) });
export type AdminSessionView = z.infer<typeof adminSessionViewSchema>;

/** The HTTP methods that change something, hence audited. */
export const AUDITED_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * pending: recorded, not yet answered (or the completion could not be written: the outcome is unknown);
 * ok: answered 2xx; refused: answered 4xx (nothing changed); failed: answered 5xx (the edge does not know
 * whether the owning service applied it, e.g. an RPC timeout).
 */
export const AUDIT_RESULTS = ['pending', 'ok', 'refused', 'failed'] as const;
export type AuditResult = (typeof AUDIT_RESULTS)[number];

/** Bounds of what one entry stores (the edge trims to them before recording). */
export const AUDIT_LIMITS = {
  maxNameLength: 64,
  maxPathLength: 2048,
  maxRequestIdLength: 128,
  /** A JSON body larger than this (serialized) is stored as `{ truncated: true, bytes }`. */
  maxBodyBytes: 64 * 1024,
} as const;

const L = AUDIT_LIMITS;

const AUDIT_BODY_SHA256 = z.string().regex(/^[0-9a-f]{64}$/, 'must be 64 lower-case hexadecimal digits');

/** The request as recorded: never a response (create/rotate answers carry secrets), credentials masked. */
export const auditRequestSchema = z.object({
  /** OpenAPI-style path template under /admin/v1 (null: no route of the table matched method and path). */
  route: z.string().max(L.maxPathLength).nullable(),
  operationId: z.string().max(200).nullable(),
  tag: z.string().max(L.maxNameLength).nullable(),
  /** The concrete path, with /admin/v1 and without the query string. */
  path: z.string().max(L.maxPathLength),
  params: z.record(z.string(), z.string()),
  query: z.record(z.string(), z.unknown()),
  /** The JSON body of a forwarded call (credential-named fields masked); null for none, a raw body, or a refused call. */
  body: z.unknown().nullable(),
  /**
   * Byte count of a body that is not stored: a raw (non-JSON) body, e.g. a recording segment, or the body of a
   * call refused before it was forwarded (decisions SDB1); null otherwise.
   */
  bodyBytes: z.number().int().min(0).nullable(),
  /** SHA-256 (64 lower-case hex digits) of such a body's bytes as received; null when stored, absent or unread. Optional: edges of earlier releases send none. */
  bodySha256: AUDIT_BODY_SHA256.nullable().optional(),
});
export type AuditRequest = z.infer<typeof auditRequestSchema>;

const actorSchema = z.object({ name: z.string().min(1).max(L.maxNameLength), role: z.enum(ADMIN_ROLES) });

/** The answer of an audited call: its HTTP status and, when refused or failed, the platform error code's value. */
export const auditOutcomeSchema = z.object({ status: z.number().int().min(100).max(599), errorCode: z.string().max(16).nullable() });
export type AuditOutcome = z.infer<typeof auditOutcomeSchema>;

export const recordAuditRequestSchema = z.object({
  actor: actorSchema,
  method: z.enum(AUDITED_METHODS),
  request: auditRequestSchema,
  /** The platform's own request id (the x-request-id it answered with; decisions SDB3). */
  requestId: z.string().max(L.maxRequestIdLength).nullable(),
  /** The caller's own well-formed x-request-id, kept beside: what the caller said, never the entry's id. Optional: edges of earlier releases send none. */
  clientRequestId: z.string().max(L.maxRequestIdLength).nullable().optional(),
  /** Already answered (a refusal before forwarding): the entry is recorded complete. Absent: pending. */
  outcome: auditOutcomeSchema.optional(),
});
export type RecordAuditRequest = z.infer<typeof recordAuditRequestSchema>;

export const auditEntryViewSchema = z.object({
  id: z.string(),
  /** ISO time the call was recorded (before it was forwarded). */
  at: z.string(),
  /** ISO time its answer was recorded; null while pending. */
  completedAt: z.string().nullable(),
  actor: actorSchema,
  method: z.enum(AUDITED_METHODS),
  route: z.string().nullable(),
  operationId: z.string().nullable(),
  tag: z.string().nullable(),
  path: z.string(),
  params: z.record(z.string(), z.string()),
  query: z.record(z.string(), z.unknown()),
  body: z.unknown().nullable(),
  bodyBytes: z.number().int().nullable(),
  bodySha256: z.string().nullable(),
  requestId: z.string().nullable(),
  clientRequestId: z.string().nullable(),
  result: z.enum(AUDIT_RESULTS),
  status: z.number().int().nullable(),
  errorCode: z.string().nullable(),
});
export type AuditEntryView = z.infer<typeof auditEntryViewSchema>;

/** The result an answered status stands for. */
export function auditResultOf(status: number): Exclude<AuditResult, 'pending'> {
  if (status >= 500) return 'failed';
  return status >= 400 ? 'refused' : 'ok';
}

/** Query parameters of GET /admin/v1/audit, in the order the OpenAPI document lists them. */
export const AUDIT_QUERY_PARAMETERS = ['limit', 'offset', 'cursor', 'actor', 'method', 'path', 'tag', 'result', 'from', 'to'] as const;

const isoTime = z.iso.datetime({ offset: true }).transform((s) => new Date(s));
const one = z.string();

/** GET /admin/v1/audit's query, validated by sso-service (ADMIN_VALIDATION_FAILED naming the parameter). */
export const auditListQuerySchema = z
  .object({
    limit: one.pipe(z.coerce.number<string>().int().min(1).max(500)).optional(),
    offset: one.pipe(z.coerce.number<string>().int().min(0)).optional(),
    /** nextCursor of the page before (checked with the filters by the list's paging, admin-paging.ts). */
    cursor: one.optional(),
    /** A token's name, exactly. */
    actor: one.min(1).max(L.maxNameLength).optional(),
    method: one.transform((m) => m.toUpperCase()).pipe(z.enum(AUDITED_METHODS)).optional(),
    /** Prefix of the concrete path; `/merchants` and `/admin/v1/merchants` are the same filter. */
    path: one
      .max(L.maxPathLength)
      .regex(/^\//, 'must start with /')
      .transform((p) => (p === '/admin/v1' || p.startsWith('/admin/v1/') ? p : `/admin/v1${p}`))
      .optional(),
    tag: one.min(1).max(L.maxNameLength).optional(),
    result: z.enum(AUDIT_RESULTS).optional(),
    /** ISO 8601 times with an offset (`Z` or `+02:00`): from inclusive, to exclusive. */
    from: one.pipe(isoTime).optional(),
    to: one.pipe(isoTime).optional(),
  })
  .strict()
  .refine((q) => !q.from || !q.to || q.from.getTime() <= q.to.getTime(), { message: 'must not be before from', path: ['to'] });
export type AuditListQuery = z.output<typeof auditListQuerySchema>;

/** Parses the list query; a bad one answers ADMIN_VALIDATION_FAILED naming the parameter. */
export function parseAuditListQuery(query: unknown): AuditListQuery {
  const parsed = auditListQuerySchema.safeParse(query ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const keys = issue && 'keys' in issue && Array.isArray(issue.keys) ? (issue.keys as string[]) : [];
  const name = keys.length > 0 ? keys.join(', ') : issue && issue.path.length > 0 ? String(issue.path[0]) : 'query';
  const reason = keys.length > 0 ? 'unknown parameter' : (issue?.message ?? 'invalid');
  throw new PlatformError(ErrorCode.ADMIN_VALIDATION_FAILED, `invalid parameter ${name}: ${reason}`);
}

const auditContract = <Req extends z.ZodTypeAny, Res extends z.ZodTypeAny>(name: string, request: Req, response: Res): RpcContract<Req, Res> => ({
  subject: `dcp.rpc.sso.admin.audit.${name}`,
  owner: 'sso',
  request,
  response,
});

/** sso-service keeps the audit log (it already owns the operator's merchants and maintenance mode). */
export const SSO_AUDIT_RPC = {
  /** Before a changing call is forwarded (pending), or at once for a refusal (with its outcome). */
  record: auditContract('record', recordAuditRequestSchema, z.object({ id: z.string() })),
  /** A pending entry's answer; completing an entry twice keeps the first answer (`completed: false`). */
  complete: auditContract('complete', z.object({ id: z.uuid(), outcome: auditOutcomeSchema }), z.object({ completed: z.boolean() })),
  /** Newest first; `query` is GET /admin/v1/audit's query string as received. */
  list: auditContract('list', z.object({ query: z.record(z.string(), z.unknown()) }), listPageSchema(auditEntryViewSchema)),
} as const;
