/**
 * The operator's overview (`GET /admin/v1/overview`, the console's landing page): each service's readiness,
 * version and counts of what it owns, over its own `dcp.rpc.<service>.admin.status` contract (served by every
 * service's ServiceHost, libs/runtime), composed by the edge with the public surface's last hour as the
 * answering edge replica saw it, the outbox backlogs, consumer lag and dead letters, and the merchants whose
 * calls fail (libs/edge/src/admin/compositions/overview.ts).
 */
import { z } from 'zod';
import type { ServiceName } from './gateway-catalog';
import type { RpcContract } from './rpc';
import { partErrorSchema, partOf } from './admin-lookup';
import { merchantCallHealthSchema } from './sso-admin';

/** Services that own data and answer the status contract (the edge answers its own part). */
export const STATUS_SERVICES = ['sso', 'device', 'permission', 'storage', 'firmware', 'push'] as const satisfies readonly ServiceName[];
export type StatusService = (typeof STATUS_SERVICES)[number];

/**
 * One count of a service's rows. Exact (`count(*)`) while the table holds fewer rows than the service's
 * threshold (pg_class.reltuples, ANALYZE's estimate); beyond it `estimated`: the table's reltuples, or for a
 * filtered count the planner's row estimate of the same query (EXPLAIN), so a count costs no table scan.
 */
export const serviceCountSchema = z.object({
  /** `merchants`, `users`, `devices`, `activeGrants`, `recordings`, `firmwareModels`, … */
  name: z.string(),
  value: z.number().int().nonnegative(),
  estimated: z.boolean(),
});
export type ServiceCount = z.infer<typeof serviceCountSchema>;

/** What a service says of itself: readiness (its health checks, as /health/ready runs them), version, counts. */
export const serviceStatusSchema = z.object({
  ready: z.boolean(),
  /** The readiness checks that failed, with their message. */
  failing: z.array(z.object({ check: z.string(), message: z.string() })),
  /** The platform's package version, and BUILD_ID when the image sets it (e.g. the git commit). */
  version: z.string(),
  buildId: z.string().nullable(),
  /** Seconds since this replica started. */
  uptimeSeconds: z.number(),
  counts: z.array(serviceCountSchema),
});
export type ServiceStatusView = z.infer<typeof serviceStatusSchema>;

/** A service's status (`dcp.rpc.<service>.admin.status`), answered by whichever replica the bus picks. */
export function serviceStatusContract(service: StatusService): RpcContract<z.ZodObject<Record<string, never>>, typeof serviceStatusSchema> {
  return { subject: `dcp.rpc.${service}.admin.status`, owner: service, request: z.object({}), response: serviceStatusSchema };
}

/** The public surface (every request the answering edge replica served on PORT) over a recent window. */
export const publicTrafficSchema = z.object({
  /** The window's length, at most an hour (shorter when the replica started less than an hour ago). */
  windowSeconds: z.number(),
  requests: z.number().int(),
  /** HTTP 5xx, or an envelope with the platform's system error (000099): the platform failed, not the caller. */
  serverErrors: z.number().int(),
  /** Every other error envelope or 4xx (wrong signature, unknown token, …): the callers' mistakes. */
  clientErrors: z.number().int(),
  /** serverErrors / requests (0 without requests). */
  serverErrorRate: z.number(),
  /** Latency quantiles in seconds from a fixed bucket histogram (upper bounds), null without requests. */
  p50Seconds: z.number().nullable(),
  p95Seconds: z.number().nullable(),
  p99Seconds: z.number().nullable(),
});
export type PublicTrafficView = z.infer<typeof publicTrafficSchema>;

const serviceName = z.enum(STATUS_SERVICES);

/** `GET /admin/v1/overview`. */
export const overviewViewSchema = z.object({
  /** When the edge composed it (ISO). */
  at: z.string(),
  /** Figures of the answering edge replica only (another replica saw other requests and merchant calls). */
  edge: z.object({ version: z.string(), buildId: z.string().nullable(), uptimeSeconds: z.number(), publicTraffic: publicTrafficSchema }),
  services: z.array(z.union([serviceStatusSchema.extend({ service: serviceName }), partErrorSchema.extend({ service: serviceName })])),
  /** Each count once, by name, with the service that answered it; a service that failed has no counts here. */
  counts: z.array(serviceCountSchema.extend({ service: serviceName })),
  /** Merchants whose calls from sso-service failed in the last hour or whose breaker is not closed (that replica's view). */
  merchantsInTrouble: partOf(z.object({ items: z.array(z.object({ clientId: z.string(), name: z.string(), callHealth: merchantCallHealthSchema })) })),
});
export type OverviewView = z.infer<typeof overviewViewSchema>;
