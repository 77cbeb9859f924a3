/**
 * A TransactionalSqlClient (libs/messaging) over node-postgres, shaped like the Prisma client's raw-SQL
 * methods, for specs of the outbox, inbox and dead letters without a generated client.
 */
import type { Pool, PoolClient } from 'pg';

export interface SqlQueries {
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T>;
  $executeRawUnsafe(query: string, ...values: unknown[]): Promise<number>;
}

class PgQueries implements SqlQueries {
  constructor(protected readonly db: Pool | PoolClient) {}

  async $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T> {
    return (await this.db.query(query, values)).rows as T;
  }

  async $executeRawUnsafe(query: string, ...values: unknown[]): Promise<number> {
    return (await this.db.query(query, values)).rowCount ?? 0;
  }
}

export class PgSqlClient extends PgQueries {
  constructor(private readonly pool: Pool) {
    super(pool);
  }

  async $transaction<R>(fn: (tx: SqlQueries) => Promise<R>): Promise<R> {
    const conn = await this.pool.connect();
    try {
      await conn.query('BEGIN');
      const result = await fn(new PgQueries(conn));
      await conn.query('COMMIT');
      return result;
    } catch (err) {
      await conn.query('ROLLBACK');
      throw err;
    } finally {
      conn.release();
    }
  }
}
