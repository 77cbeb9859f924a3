/**
 * Driver adapters: node-postgres for PostgreSQL, PGlite (PostgreSQL in WebAssembly) for embedded mode.
 * One PGlite instance per data folder and process (./pglite-instances.ts), shared by every service that
 * names the folder, their clients and their migrations (a data folder must not be opened twice); the
 * handle over it is ./pglite-adapter.ts's.
 */
import { PrismaPg } from '@prisma/adapter-pg';
import { Pool } from 'pg';
import { contextLogger } from '@dcp/observability';
import type { AdapterHandle } from './adapter-handle';
import type { DatabaseConfig } from './api';
import { pgliteHandle } from './pglite-adapter';
import { leasePglite } from './pglite-instances';
import { ScriptFaithfulAdapterFactory, withScriptRunner } from './script-runner';
import { quoteIdent } from './service-definitions';

export const DEFAULT_POOL_SIZE = 10;
/** Connections of the events lane (decisions OB4): as many as a durable consumer applies events at once (E10). */
export const EVENTS_POOL_SIZE = 4;

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

function openPglite(config: Extract<DatabaseConfig, { kind: 'pglite' }>, schema: string | undefined): AdapterHandle {
  return pgliteHandle(leasePglite(config), schema);
}
