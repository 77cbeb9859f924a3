/**
 * The fixture service "widget" for the database lib's specs, copied into a temporary folder so a spec can
 * change its schema and write migrations without touching the repository.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServiceDatabaseDefinition } from '../src';

export const FIXTURE_PRISMA_DIR = join(__dirname, 'fixtures/widget/prisma');
export const INIT_MIGRATION = '20260101000000_init';

export interface WidgetService {
  def: ServiceDatabaseDefinition;
  /** A scratch folder beside the prisma folder (PGlite data, …). */
  dir: string;
  /** Adds `color String @default(...)` to the Widget model of this copy's schema.prisma. */
  addColorColumn(defaultValue?: string): void;
  /** Writes `migrations/<folder>/migration.sql` by hand (schema.prisma unchanged). */
  addMigration(folder: string, sql: string): void;
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
    addMigration(folder, sql) {
      mkdirSync(join(prismaDir, 'migrations', folder));
      writeFileSync(join(prismaDir, 'migrations', folder, 'migration.sql'), sql);
    },
    migrationSql: (folder) => readFileSync(join(prismaDir, 'migrations', folder, 'migration.sql'), 'utf8'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
