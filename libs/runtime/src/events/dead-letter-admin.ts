/**
 * The operator view of a service's dead letters (`GET /admin/v1/dead-letters/<service>`, resolve and replay):
 * served over its dead-letter contracts, replaying through the service's consumer; and its consumer's lag with
 * the open dead letters (`GET /admin/v1/consumers`).
 */
import { ErrorCode, type EventConsumerService, type EventEnvelope, PlatformError, consumerLagContract, deadLetterContracts, parseEventEnvelope, resolveDeadLetterBodySchema } from '@dcp/contracts';
import { type ConsumerLag, type DeadLetterRecord, type SqlClient, countDeadLetters, getDeadLetter, listDeadLetters, resolveDeadLetter } from '@dcp/messaging';
import type { RuntimeContext } from '../host/context';

export function serveDeadLetterAdmin(
  rpcServer: RuntimeContext['rpcServer'],
  client: SqlClient,
  service: EventConsumerService,
  replay: (envelope: EventEnvelope) => Promise<void>,
  lag: () => Promise<ConsumerLag>,
): void {
  const schema = service;
  const contracts = deadLetterContracts(service);
  rpcServer.handleContract(consumerLagContract(service), async () => {
    const [measured, deadLettersOpen] = await Promise.all([
      lag().catch((err: unknown) => {
        throw new PlatformError(ErrorCode.FC_SYSTEM_ERROR, `${service}-service could not measure its consumer: ${err instanceof Error ? err.message : String(err)}`);
      }),
      countDeadLetters(client, schema),
    ]);
    return { durable: `${service}-service`, ...measured, deadLettersOpen };
  });
  rpcServer.handleContract(contracts.list, async (req) => {
    const filter = { includeResolved: req.includeResolved ?? false };
    const [items, total] = await Promise.all([listDeadLetters(client, schema, { ...filter, limit: req.limit, offset: req.offset }), countDeadLetters(client, schema, filter)]);
    return { items: items.map(toView), total };
  });
  rpcServer.handleContract(contracts.resolve, async (req) => {
    const parsed = resolveDeadLetterBodySchema.safeParse(req.body ?? {});
    if (!parsed.success) throw new PlatformError(ErrorCode.ADMIN_VALIDATION_FAILED, `invalid field ${parsed.error.issues[0]?.path.join('.') || 'body'}: ${parsed.error.issues[0]?.message}`);
    const entry = await getDeadLetter(client, schema, req.id);
    if (!entry) throw new PlatformError(ErrorCode.ADMIN_NOT_FOUND, `no dead letter ${req.id.slice(0, 64)} in ${service}-service`);
    if (entry.resolvedAt) throw new PlatformError(ErrorCode.ADMIN_CONFLICT, `dead letter ${entry.id} was already resolved`);
    if (parsed.data.replay) {
      let envelope: EventEnvelope;
      try {
        envelope = parseEventEnvelope(entry.payload);
      } catch (err) {
        throw new PlatformError(ErrorCode.ADMIN_CONFLICT, `dead letter ${entry.id} holds no valid event and cannot be replayed: ${err instanceof Error ? err.message : String(err)}`);
      }
      try {
        await replay(envelope);
      } catch (err) {
        throw new PlatformError(ErrorCode.ADMIN_CONFLICT, `replaying dead letter ${entry.id} failed again: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    await resolveDeadLetter(client, schema, entry.id);
    return toView({ ...entry, resolvedAt: new Date() });
  });
}

function toView(d: DeadLetterRecord) {
  return {
    id: d.id,
    durable: d.durable,
    subject: d.subject,
    eventId: d.eventId,
    payload: d.payload,
    deliveries: d.deliveries,
    error: d.error,
    createdAt: new Date(d.createdAt).toISOString(),
    resolvedAt: d.resolvedAt ? new Date(d.resolvedAt).toISOString() : null,
  };
}
