/**
 * The pre-migrated template a fresh embedded instance starts from (./pglite-instances.ts): a data folder in
 * which the services' migrations were applied, dumped once (PGlite `dumpDataDir`) per migration set and
 * PGlite version and cached in `node_modules/.cache/dcp-pglite/` (loaded with `loadDataDir`, ~1 s). The
 * services then find every migration applied (same names and checksums) and the schema engine is not even
 * loaded. Built in a throwaway in-memory instance of its own, outside the registry of shared instances.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { ServiceDatabaseDefinition } from './api';
import { migrationChecksum, migrationNames } from './migration-files';
import { migrateOpenDatabase } from './migrations';
import { PGLITE_SETTINGS, pgliteHandle, serialiser } from './pglite-adapter';
import { workspaceRoot } from './service-definitions';

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
  const db = new PGlite({ postgresqlconf: PGLITE_SETTINGS });
  // Every service's handle over the one instance; the instance is closed here, after the handles.
  const lease = { db: db.waitReady.then(() => db), exclusive: serialiser(), release: async () => undefined };
  const handles = services.map((def) => ({ def, handle: pgliteHandle(lease, def.service) }));
  try {
    for (const { def, handle } of handles) await migrateOpenDatabase(handle, def);
    const bytes = Buffer.from(await (await db.dumpDataDir('none')).arrayBuffer());
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
    await db.close();
  }
}
