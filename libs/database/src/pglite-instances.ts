/**
 * PGlite instances of this process: one per data folder (or `memory://<name>`), shared by every service
 * that names it, closed when the last one lets go. Embedded mode puts every service in one instance:
 * each PGlite costs ~150 MB of resident memory open, and starting a fresh one (initdb) 2–3 s and a
 * transient ~500 MB.
 *
 * A fresh instance whose config lists its services starts from those services' pre-migrated template
 * (./pglite-template.ts): they then find every migration applied and the schema engine is not even loaded.
 * One that lists none starts from the cached empty cluster (./pglite-cache.ts) instead of running initdb.
 *
 * Transactions of the services sharing an instance are serialised by PGlite itself: every `query`/`exec`
 * and each whole `transaction` run under the instance's transaction mutex, so a statement of one service
 * never lands inside another service's open transaction (pinned by test/pglite-shared.spec.ts).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { DatabaseConfig, ServiceDatabaseDefinition } from './api';
import { PGLITE_SETTINGS, type PgliteLease, serialiser } from './pglite-adapter';
import { migratedTemplate } from './pglite-template';

type PgliteConfig = Extract<DatabaseConfig, { kind: 'pglite' }>;

interface Instance {
  db: Promise<PGlite>;
  leases: number;
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
}

const shared = new Map<string, Instance>();

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
  const template = fresh ? await migratedTemplate(services ?? []) : undefined;
  const db = new PGlite(dataDir, { postgresqlconf: PGLITE_SETTINGS, ...(template ? { loadDataDir: template } : {}) });
  await db.waitReady;
  return db;
}
