/** What every opened database is to the rest of the lib (./adapters.ts opens one, PostgreSQL or PGlite). */
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import type { DatabaseConfig } from './api';
import type { HotStatementRunner } from './hot-statements';

export interface AdapterHandle {
  kind: DatabaseConfig['kind'];
  /** Give this to the generated PrismaClient (`{ adapter }`) or to the schema engine. */
  adapter: SqlMigrationAwareDriverAdapterFactory;
  /** SELECT 1 through the same pool / instance (health). */
  ping(): Promise<void>;
  /** Plain SQL outside Prisma (schema creation, status queries). */
  query<T extends object = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** PostgreSQL: hot statements as named prepared statements on the pool (PGlite runs them through Prisma). */
  runHot?: HotStatementRunner;
  /** Closes the shadow databases the schema engine opened (PGlite); the migrators call it when done. */
  closeShadows?(): Promise<void>;
  /**
   * PGlite: runs a migration of `schema` alone on the instance (which other services may share), with the
   * session's search_path on that schema as a PostgreSQL pool of the service has it (the engine creates
   * `_prisma_migrations` unqualified), then back to `public`.
   */
  inSchema?<T>(schema: string, fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
