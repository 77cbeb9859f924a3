/**
 * Driver adapters: node-postgres for PostgreSQL, PGlite (PostgreSQL in WebAssembly) for embedded mode.
 * One PGlite instance per data folder and process (./pglite-instances.ts), shared by every service that
 * names the folder, their clients and their migrations (a data folder must not be opened twice).
 */
import { PGlite } from '@electric-sql/pglite';
import { PrismaPg } from '@prisma/adapter-pg';
import type { SqlDriverAdapter, SqlDriverAdapterFactory, SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { Pool } from 'pg';
import { contextLogger } from '@dcp/observability';
import type { DatabaseConfig } from './api';
import type { HotStatementRunner } from './hot-statements';
import { PGLITE_SETTINGS, leasePglite } from './pglite-instances';
import { ScriptFaithfulAdapterFactory, withScriptRunner } from './script-runner';
import { quoteIdent } from './service-definitions';

export const DEFAULT_POOL_SIZE = 10;
/** Connections of the events lane (decisions OB4): as many as a durable consumer applies events at once (E10). */
export const EVENTS_POOL_SIZE = 4;

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

export interface OpenAdapterOptions {
  /**
   * The service's PostgreSQL schema: the pool's search_path and the schema the engine keeps
   * `_prisma_migrations` in, so services sharing one PostgreSQL database migrate independently.
   */
  schema?: string;
  /** Errors of idle pooled connections (a database restart). Default: an error line of the process's logger. */
  onPoolError?: (err: Error) => void;
}

const reportPoolError = (err: Error) => contextLogger('database').error({ err }, 'idle PostgreSQL connection failed');

export function openAdapter(config: DatabaseConfig, options: OpenAdapterOptions = {}): AdapterHandle {
  return config.kind === 'postgres' ? openPostgres(config, options) : openPglite(config, options.schema);
}

function openPostgres(config: Extract<DatabaseConfig, { kind: 'postgres' }>, { schema, onPoolError = reportPoolError }: OpenAdapterOptions): AdapterHandle {
  const poolOf = (max: number, name: string) => {
    const created = new Pool({
      connectionString: config.url,
      max,
      idleTimeoutMillis: 30_000,
      // A database that does not answer fails the query instead of queueing it forever.
      connectionTimeoutMillis: 10_000,
      application_name: name,
      ...(schema ? { options: `-c search_path=${quoteIdent(schema)}` } : {}),
    });
    // A database restart makes idle clients emit 'error'; without a listener that would crash the process.
    // The pool drops the dead client and the next query opens a new connection.
    created.on('error', onPoolError);
    return created;
  };
  const pool = poolOf(config.poolSize ?? DEFAULT_POOL_SIZE, schema ? `dcp-${schema}` : 'dcp');
  // Opens connections only when a consumer's statement first runs (pg pools connect lazily).
  const eventsPool = poolOf(EVENTS_POOL_SIZE, schema ? `dcp-${schema}-events` : 'dcp-events');
  const inner = new PrismaPg(pool, schema ? { schema } : undefined);
  const adapter = new ScriptFaithfulAdapterFactory(
    inner,
    async (script) => {
      await pool.query(script);
    },
    // Only `diff`/dev commands use a shadow database; PrismaPg creates and drops a temporary database.
    async () => {
      const shadow = await inner.connectToShadowDb();
      // PrismaPg's adapter exposes its pool here (not part of the adapter interface's types).
      const driver = (shadow as unknown as { underlyingDriver(): Pool }).underlyingDriver();
      return withScriptRunner(shadow, async (script) => {
        await driver.query(script);
      });
    },
  );
  return {
    kind: 'postgres',
    adapter,
    ping: async () => {
      await pool.query('SELECT 1');
    },
    query: async <T extends object>(sql: string, params: unknown[] = []) => (await pool.query(sql, params)).rows as T[],
    runHot: async (statement, params) =>
      (await (statement.lane === 'events' ? eventsPool : pool).query({ name: statement.name, text: statement.text, values: [...params] })).rows,
    close: async () => {
      await Promise.all([pool.end(), eventsPool.end()]);
    },
  };
}

/** Adapters over one PGlite instance; `openShadow` decides what a shadow database is for this instance. */
export function pgliteAdapterFactory(db: PGlite, openShadow: () => Promise<SqlDriverAdapter>, schema?: string): SqlMigrationAwareDriverAdapterFactory {
  return new ScriptFaithfulAdapterFactory(
    new SchemaPGliteFactory(Promise.resolve(db), schema),
    async (script) => {
      await db.exec(script);
    },
    openShadow,
  );
}

/**
 * PrismaPGlite over an instance that may still be opening, naming the service's schema in its connection
 * info (the package's factory cannot): the schema engine then keeps `_prisma_migrations` in that schema, as
 * PrismaPg does with `{ schema }`, so services sharing one instance each have their own migration history.
 */
class SchemaPGliteFactory implements SqlDriverAdapterFactory {
  readonly provider = 'postgres' as const;
  readonly adapterName = 'pglite-prisma-adapter';

  constructor(
    private readonly db: Promise<PGlite>,
    private readonly schema?: string,
  ) {}

  async connect(): Promise<SqlDriverAdapter> {
    const adapter = await new PrismaPGlite(await this.db).connect();
    const schema = this.schema;
    if (schema) adapter.getConnectionInfo = () => ({ schemaName: schema, supportsRelationJoins: true });
    return adapter;
  }
}

function openPglite(config: Extract<DatabaseConfig, { kind: 'pglite' }>, schema: string | undefined): AdapterHandle {
  const lease = leasePglite(config);
  const db = lease.db;
  const shadows: PGlite[] = [];
  const adapter = new ScriptFaithfulAdapterFactory(
    new SchemaPGliteFactory(db, schema),
    async (script) => {
      await (await db).exec(script);
    },
    // A throwaway in-memory instance, closed as soon as the migration is done (closeShadows).
    async () => {
      const shadow = new PGlite({ postgresqlconf: PGLITE_SETTINGS });
      shadows.push(shadow);
      return pgliteAdapterFactory(shadow, () => Promise.reject(new Error('a shadow database has no shadow'))).connect();
    },
  );
  const closeShadows = async () => {
    await Promise.all(shadows.splice(0).map((s) => s.close()));
  };
  return {
    kind: 'pglite',
    adapter,
    ping: async () => {
      await (await db).query('SELECT 1');
    },
    query: async <T extends object>(sql: string, params: unknown[] = []) => (await (await db).query<T>(sql, params)).rows,
    closeShadows,
    inSchema: (name, fn) =>
      lease.exclusive(async () => {
        const pg = await db;
        await pg.exec(`SET search_path TO ${quoteIdent(name)}`);
        try {
          return await fn();
        } finally {
          await pg.exec('SET search_path TO public');
        }
      }),
    close: async () => {
      await closeShadows();
      await lease.release();
    },
  };
}
