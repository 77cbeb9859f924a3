/**
 * Writing an event into the outbox, inside the producer's own transaction (libs/messaging/README.md).
 * Two forms, same row: `outboxRow(env)` for the Prisma model (`tx.outboxEvent.create({ data: outboxRow(env) })`),
 * `enqueueEvent(tx, schema, env)` for raw SQL.
 */
import { parseEventEnvelope, type EventEnvelope } from '@dcp/contracts';
import { jsonRoundTrip, type JsonObject } from '../json';
import { qualifiedTable, type SqlClient } from './sql-client';

/** Field names of the `OutboxEvent` Prisma model (README). */
export interface OutboxRow {
  id: string;
  subject: string;
  /** The whole envelope. */
  payload: JsonObject;
  createdAt: Date;
}

export function outboxRow(envelope: EventEnvelope): OutboxRow {
  const valid = parseEventEnvelope(jsonRoundTrip(envelope));
  return { id: valid.id, subject: valid.type, payload: jsonRoundTrip<JsonObject>(valid), createdAt: new Date() };
}

/** Inserts the outbox row with raw SQL; an envelope already enqueued (same id) is left as it is. */
export async function enqueueEvent(tx: SqlClient, schema: string, envelope: EventEnvelope): Promise<void> {
  const row = outboxRow(envelope);
  await tx.$executeRawUnsafe(
    `INSERT INTO ${qualifiedTable(schema, 'outbox_event')} (id, subject, payload, created_at) VALUES ($1::uuid, $2, $3::jsonb, $4) ON CONFLICT (id) DO NOTHING`,
    row.id,
    row.subject,
    JSON.stringify(row.payload),
    row.createdAt,
  );
}
