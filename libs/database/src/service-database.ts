/**
 * A service's generated Prisma client over the right driver adapter: PrismaPg over a pg Pool (PostgreSQL),
 * or PrismaPGlite over one PGlite instance with its own data folder (embedded mode); and a service's
 * migrations applied on a database this module opens (migrateService).
 */
import type { DatabaseConfig, ServiceDatabase, ServiceDatabaseDefinition } from './api';
import { openAdapter } from './adapters';
import { withAdvisoryLock } from './advisory-lock';
import { migrationNamesUpTo } from './migration-files';
import { type MigrateArgument, type MigrateResult, type MigrationLog, migrateOpenDatabase } from './migrations';
import { assertServiceName } from './service-definitions';
import type { HotStatement } from './hot-statements';

/** What the database lib needs of a generated PrismaClient. */
export interface PrismaClientLike {
  $disconnect(): Promise<void>;
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T>;
}

/** The generated `PrismaClient` class (its options type is the generator's; `adapter` is what we pass). */
export type PrismaClientConstructor<T> = new (options: { adapter: never }) => T;

export interface ServiceDatabaseOptions {
  /** Apply pending migrations before returning (embedded mode; distributed mode migrates by the CLI). */
  migrate?: boolean;
  /** The schema engine's log lines while migrating. */
  log?: MigrationLog;
  /** Errors of idle pooled PostgreSQL connections, e.g. during a database restart (default: stderr). */
  onPoolError?: (err: Error) => void;
}

export async function createServiceDatabase<T extends PrismaClientLike>(
  PrismaClientCtor: PrismaClientConstructor<T>,
  def: ServiceDatabaseDefinition,
  config: DatabaseConfig,
  options: ServiceDatabaseOptions = {},
): Promise<ServiceDatabase<T>> {
  assertServiceName(def.service);
  // PostgreSQL migrates on a short-lived pool of its own under the service's lock (migrateService);
  // PGlite must migrate on the very instance the client uses.
  if (options.migrate && config.kind === 'postgres') await migrateService(def, config, options.log);
  const handle = openAdapter(config, { schema: def.service, onPoolError: options.onPoolError });
  try {
    if (options.migrate && config.kind === 'pglite') await migrateOpenDatabase(handle, def, options.log);
    const client = new PrismaClientCtor({ adapter: handle.adapter as never });
    let closing: Promise<void> | undefined;
    return {
      client,
      run: handle.runHot ?? (<Row>(statement: HotStatement<Row>, params: readonly unknown[]) => client.$queryRawUnsafe<Row[]>(statement.text, ...params)),
      ping: () => handle.ping(),
      close: () =>
        (closing ??= (async () => {
          try {
            await client.$disconnect();
          } finally {
            await handle.close();
          }
        })()),
    };
  } catch (err) {
    await handle.close();
    throw err;
  }
}

/**
 * Applies every pending migration of one service, like `prisma migrate deploy`; with `upTo`, only those up
 * to and including that one (tests of data migrations: the database as an earlier release left it).
 */
export async function migrateService(def: ServiceDatabaseDefinition, config: DatabaseConfig, options?: MigrateArgument): Promise<MigrateResult> {
  assertServiceName(def.service);
  // An unknown `upTo` is refused before anything is opened.
  migrationNamesUpTo(def, typeof options === 'function' ? undefined : options?.upTo);
  if (config.kind === 'pglite') {
    const handle = openAdapter(config, { schema: def.service });
    try {
      return await migrateOpenDatabase(handle, def, options);
    } finally {
      await handle.close();
    }
  }
  return withAdvisoryLock(config.url, def.service, async () => {
    // A pool of its own, closed right after: the engine takes its own session-level advisory lock
    // (pg_advisory_lock(72707369)) and never releases it, so the session must end with the migration.
    const handle = openAdapter({ ...config, poolSize: 2 }, { schema: def.service });
    try {
      return await migrateOpenDatabase(handle, def, options);
    } finally {
      await handle.close();
    }
  });
}
