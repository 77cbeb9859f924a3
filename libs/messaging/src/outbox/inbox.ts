/**
 * Idempotent consumers (libs/messaging/README.md): the inbox row and the effect commit in one transaction, so an
 * event delivered again (redelivery, a consumer killed between effect and ack) changes nothing the second time.
 */
import type { EventEnvelope } from '@dcp/contracts';
import { qualifiedTable, type SqlClient, type TransactionalSqlClient, type TransactionOptions } from './sql-client';

/**
 * Runs `effect` once per (durable, event id). Resolves true when it ran, false when the event had already
 * been processed. A failing effect rolls the inbox row back too, so the redelivery tries again.
 */
export function runOnce<Tx extends SqlClient>(
  client: TransactionalSqlClient<Tx>,
  schema: string,
  durable: string,
  envelope: Pick<EventEnvelope, 'id'>,
  effect: (tx: Tx) => Promise<void>,
  options?: TransactionOptions,
): Promise<boolean> {
  const table = qualifiedTable(schema, 'inbox_event');
  return client.$transaction(async (tx) => {
    const inserted = await tx.$executeRawUnsafe(
      `INSERT INTO ${table} (durable, event_id, processed_at) VALUES ($1, $2::uuid, now()) ON CONFLICT (durable, event_id) DO NOTHING`,
      durable,
      envelope.id,
    );
    if (inserted === 0) return false;
    await effect(tx);
    return true;
  }, options);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * True when `durable` has already applied this event (its inbox row committed): an event delivered again
 * after that — however many times — has nothing left to do and is no dead letter. False for a body without
 * a valid event id.
 */
export async function alreadyApplied(client: SqlClient, schema: string, durable: string, envelope: unknown): Promise<boolean> {
  const id = (envelope as { id?: unknown } | null)?.id;
  if (typeof id !== 'string' || !UUID.test(id)) return false;
  const rows = await client.$queryRawUnsafe<unknown[]>(`SELECT 1 FROM ${qualifiedTable(schema, 'inbox_event')} WHERE durable = $1 AND event_id = $2::uuid`, durable, id);
  return rows.length > 0;
}
