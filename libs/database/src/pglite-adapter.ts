/**
 * Prisma driver adapters and the AdapterHandle over one PGlite instance (PostgreSQL in WebAssembly), however
 * it was opened: by the registry of this process's instances (./pglite-instances.ts) or as a throwaway one
 * (the template build of ./pglite-template.ts, createMigration's diff).
 */
import { PGlite } from '@electric-sql/pglite';
import type { SqlDriverAdapter, SqlDriverAdapterFactory, SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import type { AdapterHandle } from './adapter-handle';
import { ScriptFaithfulAdapterFactory } from './script-runner';
import { quoteIdent } from './service-definitions';

/**
 * postgresql.conf of every instance, sized for a sandbox: PGlite's default shared_buffers (160 MB) fills up
 * with pages under load and stays resident; one service's working set is a few MB.
 */
export const PGLITE_SETTINGS = ['shared_buffers = 16MB', 'wal_buffers = 1MB', 'temp_buffers = 2MB'];

/** One PGlite instance as its users hold it: opening, shared by whoever holds it. */
export interface PgliteLease {
  db: Promise<PGlite>;
  /** Runs `fn` alone among the migrations of this instance (they set the session's search_path). */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  /** Lets go of the instance; the last lease of a shared instance closes it. */
  release(): Promise<void>;
}

/** Runs the functions given to it one after the other, whether the one before failed or not. */
export function serialiser(): <T>(fn: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(fn: () => Promise<T>) => {
    const run = tail.then(fn, fn);
    tail = run.catch(() => undefined);
    return run;
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

/** The handle of one service (`schema`) over a leased instance; closing it releases the lease. */
export function pgliteHandle(lease: PgliteLease, schema: string | undefined): AdapterHandle {
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
