/**
 * The slice of a Prisma client the outbox, inbox and dead-letter helpers use: raw SQL and interactive
 * transactions. A generated PrismaClient satisfies it as is (so does a small wrapper over `pg`).
 */
export interface SqlClient {
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T>;
  $executeRawUnsafe(query: string, ...values: unknown[]): Promise<number>;
}

export interface TransactionOptions {
  /** Longest wait for a connection, ms (Prisma: maxWait). */
  maxWait?: number;
  /** Longest the transaction may stay open, ms (Prisma: timeout). */
  timeout?: number;
}

export interface TransactionalSqlClient<Tx extends SqlClient = SqlClient> extends SqlClient {
  $transaction<R>(fn: (tx: Tx) => Promise<R>, options?: TransactionOptions): Promise<R>;
}

/** `"schema"."table"`, refusing names that are not plain identifiers (they are interpolated into SQL). */
export function qualifiedTable(schema: string, table: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`invalid schema name "${schema}"`);
  return `"${schema}"."${table}"`;
}
