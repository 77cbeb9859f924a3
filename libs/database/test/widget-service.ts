/**
 * The fixture service "widget" for the database lib's specs, copied into a temporary folder so a spec can
 * change its schema and write migrations without touching the repository.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { type ServiceDatabaseDefinition, openAdapter } from '../src';

export const FIXTURE_PRISMA_DIR = join(__dirname, 'fixtures/widget/prisma');
export const INIT_MIGRATION = '20260101000000_init';

export interface WidgetService {
  def: ServiceDatabaseDefinition;
  /** A scratch folder beside the prisma folder (PGlite data, …). */
  dir: string;
  /** Adds `color String @default(...)` to the Widget model of this copy's schema.prisma. */
  addColorColumn(defaultValue?: string): void;
  migrationSql(folder: string): string;
  remove(): void;
}

export function copyWidgetService(): WidgetService {
  const dir = mkdtempSync(join(tmpdir(), 'dcp-db-'));
  const prismaDir = join(dir, 'prisma');
  cpSync(FIXTURE_PRISMA_DIR, prismaDir, { recursive: true });
  return {
    def: { service: 'widget', prismaDir },
    dir,
    addColorColumn(defaultValue = 'blue') {
      const file = join(prismaDir, 'schema.prisma');
      const text = readFileSync(file, 'utf8');
      const changed = text.replace(/(\n\s*name\s+String\s+@unique)/, `$1\n  color String @default("${defaultValue}")`);
      if (changed === text) throw new Error('fixture schema changed: cannot find the name field');
      writeFileSync(file, changed);
    },
    migrationSql: (folder) => readFileSync(join(prismaDir, 'migrations', folder, 'migration.sql'), 'utf8'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

let emptyCluster: Promise<string> | undefined;

/**
 * Makes `dataDir` an empty PGlite data folder (no schema, nothing migrated), copied from one made once per
 * spec file: a fresh folder costs loading the cached empty cluster (~0.5 s), a copy less than half of that. For specs that migrate from nothing
 * but are not about what a missing folder does; call removeEmptyPgliteFolder() after all.
 */
export async function emptyPgliteFolder(dataDir: string): Promise<string> {
  emptyCluster ??= (async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'dcp-db-empty-')), 'pglite');
    const db = openAdapter({ kind: 'pglite', dataDir: dir });
    try {
      await db.ping();
    } finally {
      await db.close();
    }
    return dir;
  })();
  cpSync(await emptyCluster, dataDir, { recursive: true });
  return dataDir;
}

export async function removeEmptyPgliteFolder(): Promise<void> {
  const dir = await emptyCluster?.catch(() => undefined);
  emptyCluster = undefined;
  if (dir) rmSync(dirname(dir), { recursive: true, force: true });
}
