/** A TransactionalSqlClient over node-postgres, shaped like the Prisma client's raw-SQL methods (tests only). */
import type { Pool, PoolClient } from 'pg';
import type { SqlClient, TransactionalSqlClient } from '../outbox/sql-client';

class PgQueries implements SqlClient {
  constructor(protected readonly db: Pool | PoolClient) {}

  async $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T> {
    return (await this.db.query(query, values)).rows as T;
  }

  async $executeRawUnsafe(query: string, ...values: unknown[]): Promise<number> {
    return (await this.db.query(query, values)).rowCount ?? 0;
  }
}

export class PgSqlClient extends PgQueries implements TransactionalSqlClient {
  constructor(private readonly pool: Pool) {
    super(pool);
  }

  async $transaction<R>(fn: (tx: SqlClient) => Promise<R>): Promise<R> {
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
