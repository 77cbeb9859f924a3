/**
 * Data folders every fresh PGlite instance of this workspace starts from, dumped once (PGlite `dumpDataDir`)
 * and cached as tarballs in `node_modules/.cache/dcp-pglite/`: the services' pre-migrated templates
 * (./pglite-template.ts) and, beneath them, the empty cluster itself (what initdb makes). Loading a tarball
 * (`loadDataDir`) takes ~0.5 s; initdb 2–3 s, and several times that on a busy machine.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { ServiceDatabaseDefinition } from './api';
import { migrationChecksum, migrationNames } from './migration-files';
import { PGLITE_SETTINGS } from './pglite-adapter';
import { workspaceRoot } from './service-definitions';

/** What a template depends on: PGlite's version, the settings and every service's migrations (none: the empty cluster). */
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

/** The tarball cached under `key`, or built now (once per process at a time) and cached. */
export async function cachedTemplate(key: string, build: () => Promise<Uint8Array>): Promise<Blob> {
  const file = join(templateCacheDir(), `template-${key}.tar`);
  try {
    return new Blob([readFileSync(file)]);
  } catch {
    // Not built yet (or removed meanwhile): build it.
  }
  let pending = building.get(key);
  if (!pending) {
    pending = (async () => {
      const bytes = await build();
      const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      try {
        mkdirSync(resolve(file, '..'), { recursive: true });
        writeFileSync(tmp, bytes);
        renameSync(tmp, file);
      } catch {
        // A read-only install: every fresh instance builds its own.
        rmSync(tmp, { force: true });
      }
      return new Blob([bytes]);
    })().finally(() => building.delete(key));
    building.set(key, pending);
  }
  return pending;
}

/** The empty cluster: a fresh instance's data folder before anything was created in it. */
export function emptyClusterTemplate(): Promise<Blob> {
  return cachedTemplate(templateKey([]), async () => {
    // The one place initdb runs (once per PGlite version and settings).
    const db = new PGlite({ postgresqlconf: PGLITE_SETTINGS });
    try {
      await db.waitReady;
      return new Uint8Array(await (await db.dumpDataDir('none')).arrayBuffer());
    } finally {
      await db.close();
    }
  });
}

/** A fresh in-memory instance (nothing in it, as after initdb), started from the cached empty cluster. */
export async function freshPglite(): Promise<PGlite> {
  const db = new PGlite({ postgresqlconf: PGLITE_SETTINGS, loadDataDir: await emptyClusterTemplate() });
  await db.waitReady;
  return db;
}
