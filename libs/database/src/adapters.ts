/**
 * Driver adapters: node-postgres for PostgreSQL, PGlite (PostgreSQL in WebAssembly) for embedded mode.
 * One PGlite instance per service and data folder, shared by that service's client and its migrations
 * (PGlite is a single connection and a data folder must not be opened twice).
 */
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { PrismaPg } from '@prisma/adapter-pg';
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { Pool } from 'pg';
import type { DatabaseConfig } from './api';
import { ScriptFaithfulAdapterFactory, withScriptRunner } from './script-runner';
import { quoteIdent } from './service-definitions';

export const DEFAULT_POOL_SIZE = 10;

export interface AdapterHandle {
  /** Give this to the generated PrismaClient (`{ adapter }`) or to the schema engine. */
  adapter: SqlMigrationAwareDriverAdapterFactory;
  /** SELECT 1 through the same pool / instance (health). */
  ping(): Promise<void>;
  /** Plain SQL outside Prisma (schema creation, status queries). */
  query<T extends object = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export interface OpenAdapterOptions {
  /**
   * The service's PostgreSQL schema: the pool's search_path and the schema the engine keeps
   * `_prisma_migrations` in, so services sharing one PostgreSQL database migrate independently.
   */
  schema?: string;
  /** Errors of idle pooled connections (a database restart). Default: one line on stderr. */
  onPoolError?: (err: Error) => void;
}

const reportPoolError = (err: Error) => process.stderr.write(`[database] idle PostgreSQL connection failed: ${err.message}\n`);

export function openAdapter(config: DatabaseConfig, options: OpenAdapterOptions = {}): AdapterHandle {
  return config.kind === 'postgres' ? openPostgres(config, options) : openPglite(config.dataDir);
}

function openPostgres(config: Extract<DatabaseConfig, { kind: 'postgres' }>, { schema, onPoolError = reportPoolError }: OpenAdapterOptions): AdapterHandle {
  const pool = new Pool({
    connectionString: config.url,
    max: config.poolSize ?? DEFAULT_POOL_SIZE,
    idleTimeoutMillis: 30_000,
    // A database that does not answer fails the query instead of queueing it forever.
    connectionTimeoutMillis: 10_000,
    application_name: schema ? `dcp-${schema}` : 'dcp',
    ...(schema ? { options: `-c search_path=${quoteIdent(schema)}` } : {}),
  });
  // A database restart makes idle clients emit 'error'; without a listener that would crash the process.
  // The pool drops the dead client and the next query opens a new connection.
  pool.on('error', onPoolError);
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
    adapter,
    ping: async () => {
      await pool.query('SELECT 1');
    },
    query: async <T extends object>(sql: string, params: unknown[] = []) => (await pool.query(sql, params)).rows as T[],
    close: () => pool.end(),
  };
}

/** Adapters over one PGlite instance; `openShadow` decides what a shadow database is for this instance. */
export function pgliteAdapterFactory(db: PGlite, openShadow: () => Promise<SqlDriverAdapter>): SqlMigrationAwareDriverAdapterFactory {
  return new ScriptFaithfulAdapterFactory(
    new PrismaPGlite(db),
    async (script) => {
      await db.exec(script);
    },
    openShadow,
  );
}

function openPglite(dataDir: string | undefined): AdapterHandle {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const db = new PGlite(dataDir);
  const shadows: PGlite[] = [];
  // The adapter's own shadow (a `memory://` PGlite) is never closed; ours is, with the handle.
  const adapter = pgliteAdapterFactory(db, async () => {
    const shadow = new PGlite();
    shadows.push(shadow);
    return pgliteAdapterFactory(shadow, () => Promise.reject(new Error('a shadow database has no shadow'))).connect();
  });
  return {
    adapter,
    ping: async () => {
      await db.query('SELECT 1');
    },
    query: async <T extends object>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params)).rows,
    close: async () => {
      await Promise.all(shadows.map((s) => s.close()));
      await db.close();
    },
  };
}
