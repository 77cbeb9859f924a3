/**
 * Where a service's database stands against its migrations folder, read from `_prisma_migrations`
 * (what `prisma migrate status` reports). Never creates anything: a missing PGlite folder or table
 * reads as "not initialised" with every migration pending.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { DatabaseConfig, ServiceDatabaseDefinition } from './api';
import { openAdapter } from './adapters';
import { migrationChecksum, migrationNames } from './migration-files';
import { assertServiceName, quoteIdent } from './service-definitions';

export interface MigrationStatus {
  service: string;
  /** false: no database (PGlite folder) or no `_prisma_migrations` table yet. */
  initialised: boolean;
  /** Applied and still present in the folder. */
  applied: string[];
  /** In the folder, not applied yet. */
  pending: string[];
  /** Started and neither finished nor rolled back: `deploy` refuses to continue until resolved (README). */
  failed: string[];
  /** Applied, but migration.sql changed afterwards (its checksum differs). */
  modified: string[];
  /** Applied in the database but missing from the folder (a newer release, or a deleted migration). */
  unknown: string[];
}

interface MigrationRow {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
}

export async function migrationStatus(def: ServiceDatabaseDefinition, config: DatabaseConfig): Promise<MigrationStatus> {
  assertServiceName(def.service);
  const local = migrationNames(def);
  const none: MigrationStatus = { service: def.service, initialised: false, applied: [], pending: local, failed: [], modified: [], unknown: [] };
  if (config.kind === 'pglite' && config.dataDir && !config.dataDir.startsWith('memory://') && !existsSync(join(config.dataDir, 'PG_VERSION'))) return none;
  const handle = openAdapter(config.kind === 'postgres' ? { ...config, poolSize: 1 } : config, { schema: def.service });
  let rows: MigrationRow[];
  try {
    // The service's schema; PGlite folders of earlier releases (one per service) kept it in `public`.
    const candidates = [`${quoteIdent(def.service)}._prisma_migrations`, ...(config.kind === 'pglite' ? ['public._prisma_migrations'] : [])];
    let table: string | undefined;
    for (const t of candidates) {
      const [{ exists }] = await handle.query<{ exists: boolean }>('SELECT to_regclass($1) IS NOT NULL AS exists', [t]);
      if (exists) {
        table = t;
        break;
      }
    }
    if (!table) return none;
    rows = await handle.query<MigrationRow>(`SELECT migration_name, checksum, finished_at, rolled_back_at FROM ${table} ORDER BY started_at`);
  } finally {
    await handle.close();
  }
  const live = rows.filter((r) => r.rolled_back_at === null);
  const done = new Map(live.filter((r) => r.finished_at !== null).map((r) => [r.migration_name, r.checksum]));
  const failed = [...new Set(live.filter((r) => r.finished_at === null).map((r) => r.migration_name))];
  return {
    service: def.service,
    initialised: true,
    applied: local.filter((m) => done.has(m)),
    pending: local.filter((m) => !done.has(m) && !failed.includes(m)),
    failed,
    modified: local.filter((m) => done.has(m) && done.get(m) !== migrationChecksum(def, m)),
    unknown: [...done.keys()].filter((m) => !local.includes(m)).sort(),
  };
}
