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
