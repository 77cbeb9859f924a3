/**
 * Prisma-format migrations applied and created offline with the WebAssembly schema engine, over a database
 * already open (an AdapterHandle; `migrateService` of ./service-database.ts opens one and locks it).
 * `_prisma_migrations` lives in the service's own PostgreSQL schema (on a shared PostgreSQL database each
 * service migrates independently). Distributed mode applies them from the CLI (a Kubernetes Job); embedded
 * mode on start. Applying twice is a no-op; concurrent runs against PostgreSQL serialise on an advisory lock.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AdapterHandle } from './adapter-handle';
import type { ServiceDatabaseDefinition } from './api';
import { LOCKFILE, LOCKFILE_CONTENT, type MigrationListOptions, loadMigrationList, migrationChecksum, migrationNames, migrationsDir, nextMigrationFolder, schemaFile } from './migration-files';
import { pgliteAdapterFactory } from './pglite-adapter';
import { freshPglite } from './pglite-cache';
import { openSchemaEngine } from './schema-engine';
import { assertServiceName, quoteIdent } from './service-definitions';

const FILTERS = { externalTables: [], externalEnums: [] };

export interface MigrateResult {
  service: string;
  /** Migrations applied by this call, in order (empty: the database was up to date). */
  applied: string[];
}

export type MigrationLog = (line: string) => void;

export interface MigrateOptions extends MigrationListOptions {
  /** Schema engine log. */
  log?: MigrationLog;
}

/** A log function (the original third parameter) or the options. */
export type MigrateArgument = MigrationLog | MigrateOptions;

function migrateOptions(arg: MigrateArgument | undefined): MigrateOptions {
  return typeof arg === 'function' ? { log: arg } : (arg ?? {});
}

/**
 * Applies every pending migration of one service over an already open handle (`migrateService` opens one,
 * ./service-database.ts). Embedded mode uses it on the PGlite instance the client then uses (a data folder
 * cannot be opened twice). Callers on PostgreSQL must hold the service's lock.
 */
export async function migrateOpenDatabase(handle: AdapterHandle, def: ServiceDatabaseDefinition, options?: MigrateArgument): Promise<MigrateResult> {
  assertServiceName(def.service);
  const { log = () => undefined, upTo } = migrateOptions(options);
  const migrationsList = loadMigrationList(def, { upTo });
  const path = schemaFile(def);
  const text = readFileSync(path, 'utf8');
  const run = async (): Promise<MigrateResult> => {
    // `_prisma_migrations` goes into the service's schema, which must exist before the engine looks for it.
    await handle.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(def.service)}`);
    if (handle.kind === 'pglite') await adoptLegacyMigrationTable(handle, def.service);
    const wanted = migrationsList.migrationDirectories.map((d) => d.path);
    if (await upToDate(handle, def, wanted)) return { service: def.service, applied: [] };
    const engine = await openSchemaEngine(path, text, handle.adapter, log);
    try {
      const out = await engine.applyMigrations({ migrationsList, filters: FILTERS });
      return { service: def.service, applied: out.appliedMigrationNames };
    } catch (err) {
      throw new MigrationError(def.service, 'migrations could not be applied', err);
    } finally {
      engine.free();
      await handle.closeShadows?.();
    }
  };
  return handle.inSchema ? handle.inSchema(def.service, run) : run();
}

/**
 * Up to date: every wanted migration finished with the checksum of its file, none failed and none
 * unknown. Then there is nothing the engine would do, and it is not even loaded (its WebAssembly memory
 * stays with the process). Anything else goes to the engine, which applies, refuses or warns as Prisma does.
 */
async function upToDate(handle: AdapterHandle, def: ServiceDatabaseDefinition, wanted: string[]): Promise<boolean> {
  const table = `${quoteIdent(def.service)}._prisma_migrations`;
  const [{ exists }] = await handle.query<{ exists: boolean }>('SELECT to_regclass($1) IS NOT NULL AS exists', [table]);
  if (!exists) return false;
  const rows = await handle.query<{ migration_name: string; checksum: string; finished_at: Date | null }>(
    `SELECT migration_name, checksum, finished_at FROM ${table} WHERE rolled_back_at IS NULL`,
  );
  if (rows.some((r) => r.finished_at === null)) return false;
  const applied = new Map(rows.map((r) => [r.migration_name, r.checksum]));
  return applied.size === wanted.length && wanted.every((m) => applied.get(m) === migrationChecksum(def, m));
}

/**
 * PGlite folders of earlier releases (one instance per service) kept `_prisma_migrations` in `public`;
 * it now lives in the service's schema, as on PostgreSQL. Such a folder holds one service only: move it.
 */
async function adoptLegacyMigrationTable(handle: AdapterHandle, service: string): Promise<void> {
  const [{ legacy, own }] = await handle.query<{ legacy: boolean; own: boolean }>(
    `SELECT to_regclass('public._prisma_migrations') IS NOT NULL AS legacy, to_regclass($1) IS NOT NULL AS own`,
    [`${quoteIdent(service)}._prisma_migrations`],
  );
  if (legacy && !own) await handle.query(`ALTER TABLE public._prisma_migrations SET SCHEMA ${quoteIdent(service)}`);
}

export interface CreateMigrationOptions {
  /** Timestamp of the new folder (default: now). */
  now?: Date;
  log?: MigrationLog;
}

/**
 * Writes the next migration (`migrations/<timestamp>_<name>/migration.sql`) from the difference between the
 * existing migrations and schema.prisma. The engine replays the migrations in a throwaway in-memory PGlite
 * (the shadow database), so no server is needed. Returns the new folder's name, or undefined when
 * schema.prisma has no changes.
 */
export async function createMigration(def: ServiceDatabaseDefinition, name: string, options: CreateMigrationOptions = {}): Promise<string | undefined> {
  if (!/^[a-z0-9_]{1,80}$/.test(name)) throw new Error(`migration name must be lower-case letters, digits and _ (got "${name}")`);
  assertServiceName(def.service);
  const path = schemaFile(def);
  const text = readFileSync(path, 'utf8');
  const existing = migrationNames(def);
  const sql = await diffMigrationsToSchema(def, path, text, existing.length > 0, options.log);
  if (sql === undefined) return undefined;
  const folder = nextMigrationFolder(existing, name, options.now ?? new Date());
  const dir = migrationsDir(def);
  mkdirSync(join(dir, folder), { recursive: true });
  writeFileSync(join(dir, folder, 'migration.sql'), sql + '\n');
  if (!existsSync(join(dir, LOCKFILE))) writeFileSync(join(dir, LOCKFILE), LOCKFILE_CONTENT);
  return folder;
}

async function diffMigrationsToSchema(def: ServiceDatabaseDefinition, path: string, text: string, hasMigrations: boolean, log?: MigrationLog): Promise<string | undefined> {
  // One in-memory instance serves as the engine's database and as its shadow: nothing else touches it.
  const db = await freshPglite();
  const adapter = pgliteAdapterFactory(db, () => pgliteAdapterFactory(db, () => Promise.reject(new Error('unused'))).connect());
  try {
    const engine = await openSchemaEngine(path, text, adapter, log);
    try {
      const result = await engine.diff({
        from: hasMigrations ? { tag: 'migrations', ...loadMigrationList(def) } : { tag: 'empty' },
        to: { tag: 'schemaDatamodel', files: [{ path, content: text }] },
        script: true,
        exitCode: null,
        filters: FILTERS,
      });
      const sql = (result.stdout ?? '').trim();
      return !sql || /^-- This is an empty migration\.?$/.test(sql) ? undefined : sql;
    } catch (err) {
      throw new MigrationError(def.service, 'could not diff the migrations against schema.prisma', err);
    } finally {
      engine.free();
    }
  } finally {
    await db.close();
  }
}

/** An engine failure with the service named and the engine's Rust span trace left out. */
export class MigrationError extends Error {
  constructor(
    readonly service: string,
    what: string,
    cause: unknown,
  ) {
    const raw = cause instanceof Error ? cause.message : String(cause);
    const lines = raw.split('\n');
    const traceStart = lines.findIndex((l) => /^\s+\d+: \S+::/.test(l));
    super(`${service}: ${what}: ${(traceStart >= 0 ? lines.slice(0, traceStart) : lines).join('\n').trim()}`, { cause });
    this.name = 'MigrationError';
  }
}
