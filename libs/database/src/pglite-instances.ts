/**
 * PGlite instances of this process: one per data folder (or `memory://<name>`), shared by every service
 * that names it, closed when the last one lets go. Embedded mode puts every service in one instance:
 * each PGlite costs ~150 MB of resident memory open, and starting a fresh one (initdb) 2–3 s and a
 * transient ~500 MB.
 *
 * A fresh instance whose config lists its services starts from a template: a data folder in which those
 * services' migrations were applied, dumped once (PGlite `dumpDataDir`) per migration set and PGlite
 * version and cached in `node_modules/.cache/dcp-pglite/` (loaded with `loadDataDir`, ~1 s). The services
 * then find every migration applied (same names and checksums) and the schema engine is not even loaded.
 *
 * Transactions of the services sharing an instance are serialised by PGlite itself: every `query`/`exec`
 * and each whole `transaction` run under the instance's transaction mutex, so a statement of one service
 * never lands inside another service's open transaction (pinned by test/pglite-shared.spec.ts).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { DatabaseConfig, ServiceDatabaseDefinition } from './api';
import { migrationChecksum, migrationNames } from './migration-files';
import { workspaceRoot } from './service-definitions';

/**
 * postgresql.conf of every instance, sized for a sandbox: PGlite's default shared_buffers (160 MB) fills up
 * with pages under load and stays resident; one service's working set is a few MB.
 */
export const PGLITE_SETTINGS = ['shared_buffers = 16MB', 'wal_buffers = 1MB', 'temp_buffers = 2MB'];

type PgliteConfig = Extract<DatabaseConfig, { kind: 'pglite' }>;

export interface PgliteLease {
  db: Promise<PGlite>;
  /** Runs `fn` alone among the migrations of this instance (they set the session's search_path). */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  /** Lets go of the instance; the last lease of a shared instance closes it. */
  release(): Promise<void>;
}

interface Instance {
  db: Promise<PGlite>;
  leases: number;
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
}

const shared = new Map<string, Instance>();

function serialiser(): <T>(fn: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(fn: () => Promise<T>) => {
    const run = tail.then(fn, fn);
    tail = run.catch(() => undefined);
    return run;
  };
}

const isMemory = (dataDir: string) => dataDir.startsWith('memory://');

export function leasePglite(config: PgliteConfig): PgliteLease {
  if (!config.dataDir) {
    const db = openInstance(undefined, config.services);
    return { db, exclusive: serialiser(), release: once(async () => (await db).close()) };
  }
  const key = isMemory(config.dataDir) ? config.dataDir : resolve(config.dataDir);
  let entry = shared.get(key);
  if (!entry) {
    const created: Instance = { db: openInstance(key, config.services), leases: 0, exclusive: serialiser() };
    created.db.catch(() => shared.get(key) === created && shared.delete(key));
    shared.set(key, created);
    entry = created;
  }
  const held = entry;
  held.leases++;
  return {
    db: held.db,
    exclusive: held.exclusive,
    release: once(async () => {
      if (--held.leases > 0) return;
      if (shared.get(key) === held) shared.delete(key);
      const db = await held.db.catch(() => undefined);
      await db?.close();
    }),
  };
}

function once(fn: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= fn());
}

async function openInstance(dataDir: string | undefined, services: ServiceDatabaseDefinition[] | undefined): Promise<PGlite> {
  const fresh = !dataDir || isMemory(dataDir) || !existsSync(join(dataDir, 'PG_VERSION'));
  if (dataDir && !isMemory(dataDir)) mkdirSync(dataDir, { recursive: true });
  const template = fresh && services?.length ? await migratedTemplate(services) : undefined;
  const db = new PGlite(dataDir, { postgresqlconf: PGLITE_SETTINGS, ...(template ? { loadDataDir: template } : {}) });
  await db.waitReady;
  return db;
}

/** What a template depends on: PGlite's version, the settings and every service's migrations. */
export function templateKey(services: ServiceDatabaseDefinition[]): string {
  const hash = createHash('sha256').update(`pglite ${pgliteVersion()}\n${PGLITE_SETTINGS.join('\n')}\n`);
  for (const def of [...services].sort((a, b) => a.service.localeCompare(b.service))) {
    hash.update(`service ${def.service}\n`);
    for (const m of migrationNames(def)) hash.update(`${m} ${migrationChecksum(def, m)}\n`);
  }
  return hash.digest('hex').slice(0, 24);
}

function pgliteVersion(): string {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return (require('@electric-sql/pglite/package.json') as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

/** Where templates are cached (outside any DATA_DIR, so a fresh DATA_DIR benefits). */
export function templateCacheDir(): string {
  return join(workspaceRoot(), 'node_modules', '.cache', 'dcp-pglite');
}

const building = new Map<string, Promise<Blob>>();

/** The services' pre-migrated data folder as a tarball: from the cache, or built now and cached. */
export async function migratedTemplate(services: ServiceDatabaseDefinition[]): Promise<Blob> {
  const key = templateKey(services);
  const file = join(templateCacheDir(), `template-${key}.tar`);
  try {
    return new Blob([readFileSync(file)]);
  } catch {
    // Not built yet (or removed meanwhile): build it.
  }
  let build = building.get(key);
  if (!build) {
    build = buildTemplate(services, file).finally(() => building.delete(key));
    building.set(key, build);
  }
  return build;
}

async function buildTemplate(services: ServiceDatabaseDefinition[], file: string): Promise<Blob> {
  // Loaded here, not at the top: migrations.ts imports the adapters, which import this module.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { migrateOpenDatabase } = require('./migrations') as typeof import('./migrations');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { openAdapter } = require('./adapters') as typeof import('./adapters');
  const name = `memory://dcp-template-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const lease = leasePglite({ kind: 'pglite', dataDir: name });
  const handles = services.map((def) => ({ def, handle: openAdapter({ kind: 'pglite', dataDir: name }, { schema: def.service }) }));
  try {
    for (const { def, handle } of handles) await migrateOpenDatabase(handle, def);
    const bytes = Buffer.from(await (await (await lease.db).dumpDataDir('none')).arrayBuffer());
    const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    try {
      mkdirSync(resolve(file, '..'), { recursive: true });
      writeFileSync(tmp, bytes);
      renameSync(tmp, file);
    } catch {
      // A read-only install: every fresh instance builds its own template.
      rmSync(tmp, { force: true });
    }
    return new Blob([bytes]);
  } finally {
    await Promise.all(handles.map(({ handle }) => handle.close()));
    await lease.release();
  }
}
