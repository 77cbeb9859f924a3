/** How far a service's outbox is behind (metrics): rows not yet published and how long the oldest has waited. */
import { qualifiedTable, type SqlClient } from './sql-client';

export interface OutboxBacklog {
  pending: number;
  /** Seconds since the oldest unpublished row was enqueued, by the database's clock; 0 when none is pending. */
  oldestAgeSeconds: number;
}

export async function outboxBacklog(client: SqlClient, schema: string): Promise<OutboxBacklog> {
  const rows = await client.$queryRawUnsafe<Array<{ n: number | bigint; age: number | string | null }>>(
    `SELECT count(*)::int AS n, extract(epoch FROM now() - min(created_at))::float8 AS age FROM ${qualifiedTable(schema, 'outbox_event')} WHERE published_at IS NULL`,
  );
  const age = Number(rows[0]?.age ?? 0);
  return { pending: Number(rows[0]?.n ?? 0), oldestAgeSeconds: Math.max(0, age) };
}
