import { z } from 'zod';
import type { ServiceName } from './gateway-catalog';
import { pageRequestSchema } from './admin-schemas';
import type { RpcContract } from './rpc';

/**
 * Dead letters: events a consuming service gave up on after its maximum number of deliveries. Each
 * consuming service keeps its own (its database) and serves them to operators on
 * `dcp.rpc.<service>.admin.dead-letters.*`; the edge exposes them under /admin/v1/dead-letters/<service>.
 */

/**
 * Services that consume platform events durably (one JetStream durable consumer each). storage-service
 * purges recordings on device.unbound and user.deleted.
 */
export const EVENT_CONSUMERS = ['device', 'permission', 'storage', 'push'] as const satisfies readonly ServiceName[];
export type EventConsumerService = (typeof EVENT_CONSUMERS)[number];

export const deadLetterViewSchema = z.object({
  id: z.string(),
  durable: z.string(),
  subject: z.string(),
  eventId: z.string().nullable(),
  payload: z.unknown(),
  deliveries: z.number().int(),
  error: z.string(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type DeadLetterView = z.infer<typeof deadLetterViewSchema>;

const contract = <Req extends z.ZodTypeAny, Res extends z.ZodTypeAny>(owner: ServiceName, name: string, request: Req, response: Res): RpcContract<Req, Res> => ({
  subject: `dcp.rpc.${owner}.admin.dead-letters.${name}`,
  owner,
  request,
  response,
});

// Query strings carry text; a request already parsed once (the RPC client validates before sending) carries a boolean.
const booleanText = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

export function deadLetterContracts(service: EventConsumerService) {
  return {
    list: contract(
      service,
      'list',
      pageRequestSchema.extend({ includeResolved: booleanText.optional() }),
      z.object({ items: z.array(deadLetterViewSchema), total: z.number().int() }),
    ),
    /** Marks an entry handled; `replay: true` also applies the event again (through the inbox, so at most once). */
    resolve: contract(service, 'resolve', z.object({ id: z.string(), body: z.unknown() }), deadLetterViewSchema),
  } as const;
}

export const resolveDeadLetterBodySchema = z
  .object({
    /** Apply the event again before marking the entry resolved (after the cause was fixed). */
    replay: z.boolean().optional(),
  })
  .strict();
export type ResolveDeadLetterBody = z.infer<typeof resolveDeadLetterBodySchema>;

/**
 * How far a service's durable consumer is behind (`dcp.rpc.<service>.admin.consumer-lag`, served with its dead
 * letters): messages not yet delivered (`pending`), delivered and not yet acknowledged (`ackPending`, of which
 * `redelivered` were delivered more than once), the age of the oldest not acknowledged (0 when none), and its
 * open dead letters. The same figures as `dcp_consumer_*` and `dcp_dead_letters_open`.
 */
export const consumerLagSchema = z.object({
  durable: z.string(),
  pending: z.number().int(),
  ackPending: z.number().int(),
  oldestPendingAgeSeconds: z.number(),
  redelivered: z.number().int(),
  deadLettersOpen: z.number().int(),
});
export type ConsumerLagView = z.infer<typeof consumerLagSchema>;

export function consumerLagContract(service: EventConsumerService): RpcContract<z.ZodObject<Record<string, never>>, typeof consumerLagSchema> {
  return { subject: `dcp.rpc.${service}.admin.consumer-lag`, owner: service, request: z.object({}), response: consumerLagSchema };
}
