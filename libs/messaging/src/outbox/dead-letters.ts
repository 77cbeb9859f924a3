/**
 * The dead-letter table of a consuming service: what `consume` could not handle, for the admin API
 * (list, resolve) and metrics (count).
 */
import { randomUUID } from 'node:crypto';
import type { DeadLetter } from '../api';
import { qualifiedTable, type SqlClient } from './sql-client';

export interface DeadLetterRecord {
  id: string;
  durable: string;
  subject: string;
  eventId: string | null;
  payload: unknown;
  deliveries: number;
  error: string;
  createdAt: Date;
  resolvedAt: Date | null;
}

export interface DeadLetterFilter {
  durable?: string;
  /** Include entries an operator marked resolved. Default false. */
  includeResolved?: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_ERROR_LENGTH = 2_000;

function eventIdOf(envelope: unknown): string | null {
  const id = (envelope as { id?: unknown } | null)?.id;
  return typeof id === 'string' && UUID.test(id) ? id : null;
}

export async function recordDeadLetter(client: SqlClient, schema: string, dl: DeadLetter): Promise<string> {
  const id = randomUUID();
  await client.$executeRawUnsafe(
    `INSERT INTO ${qualifiedTable(schema, 'dead_letter_event')} (id, durable, subject, event_id, payload, deliveries, error, created_at)
     VALUES ($1::uuid, $2, $3, $4::uuid, $5::jsonb, $6, $7, now())`,
    id,
    dl.durable,
    dl.subject,
    eventIdOf(dl.envelope),
    JSON.stringify(dl.envelope ?? null),
    dl.deliveries,
    dl.error.slice(0, MAX_ERROR_LENGTH),
  );
  return id;
}

/** The `onDeadLetter` argument of EventBus.consume, writing into the service's table. */
export function deadLetterSink(client: SqlClient, schema: string): (dl: DeadLetter) => Promise<void> {
  return async (dl) => {
    await recordDeadLetter(client, schema, dl);
  };
}

function where(filter: DeadLetterFilter, firstParam: number): { sql: string; params: unknown[] } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  if (!filter.includeResolved) clauses.push('resolved_at IS NULL');
  if (filter.durable !== undefined) {
    params.push(filter.durable);
    clauses.push(`durable = $${firstParam + params.length - 1}`);
  }
  return { sql: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
}

export async function listDeadLetters(client: SqlClient, schema: string, filter: DeadLetterFilter & { limit?: number; offset?: number } = {}): Promise<DeadLetterRecord[]> {
  const w = where(filter, 3);
  const rows = await client.$queryRawUnsafe<Array<Omit<DeadLetterRecord, 'deliveries'> & { deliveries: number | bigint }>>(
    `SELECT id::text AS id, durable, subject, event_id::text AS "eventId", payload, deliveries, error, created_at AS "createdAt", resolved_at AS "resolvedAt"
     FROM ${qualifiedTable(schema, 'dead_letter_event')} ${w.sql} ORDER BY created_at DESC, id LIMIT $1 OFFSET $2`,
    Math.min(Math.max(filter.limit ?? 50, 1), 500),
    Math.max(filter.offset ?? 0, 0),
    ...w.params,
  );
  return rows.map((r) => ({ ...r, deliveries: Number(r.deliveries) }));
}

export async function countDeadLetters(client: SqlClient, schema: string, filter: DeadLetterFilter = {}): Promise<number> {
  const w = where(filter, 1);
  const rows = await client.$queryRawUnsafe<Array<{ n: number | bigint }>>(`SELECT count(*)::int AS n FROM ${qualifiedTable(schema, 'dead_letter_event')} ${w.sql}`, ...w.params);
  return Number(rows[0]?.n ?? 0);
}

export async function getDeadLetter(client: SqlClient, schema: string, id: string): Promise<DeadLetterRecord | undefined> {
  if (!UUID.test(id)) return undefined;
  const rows = await client.$queryRawUnsafe<Array<Omit<DeadLetterRecord, 'deliveries'> & { deliveries: number | bigint }>>(
    `SELECT id::text AS id, durable, subject, event_id::text AS "eventId", payload, deliveries, error, created_at AS "createdAt", resolved_at AS "resolvedAt"
     FROM ${qualifiedTable(schema, 'dead_letter_event')} WHERE id = $1::uuid`,
    id,
  );
  return rows[0] ? { ...rows[0], deliveries: Number(rows[0].deliveries) } : undefined;
}

/** Marks an entry handled by an operator; false when it does not exist or was already resolved. */
export async function resolveDeadLetter(client: SqlClient, schema: string, id: string): Promise<boolean> {
  if (!UUID.test(id)) return false;
  const n = await client.$executeRawUnsafe(`UPDATE ${qualifiedTable(schema, 'dead_letter_event')} SET resolved_at = now() WHERE id = $1::uuid AND resolved_at IS NULL`, id);
  return n > 0;
}
