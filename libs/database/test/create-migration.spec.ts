/**
 * createMigration: the schema engine diffs the migrations folder (replayed in an in-memory PGlite shadow
 * database) against schema.prisma and writes the next Prisma-format migration.
 */
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createMigration, MigrationError } from '../src';
import { copyWidgetService, INIT_MIGRATION, type WidgetService } from './widget-service';

describe('createMigration', () => {
  let svc: WidgetService;
  beforeEach(() => {
    svc = copyWidgetService();
  });
  afterEach(() => svc.remove());

  it('writes nothing when the committed migrations already match schema.prisma', async () => {
    expect(await createMigration(svc.def, 'again')).toBeUndefined();
    expect(readdirSync(join(svc.def.prismaDir, 'migrations')).sort()).toEqual([INIT_MIGRATION, 'migration_lock.toml']);
  });

  it('writes the first migration (schema, table, index) and the lockfile into an empty folder', async () => {
    rmSync(join(svc.def.prismaDir, 'migrations'), { recursive: true });
    const folder = await createMigration(svc.def, 'init', { now: new Date('2026-02-03T04:05:06Z') });
    expect(folder).toBe('20260203040506_init');
    const sql = svc.migrationSql(folder!);
    expect(sql).toContain('CREATE SCHEMA IF NOT EXISTS "widget"');
    expect(sql).toContain('CREATE TABLE "widget"."widget"');
    expect(sql).toContain('CREATE UNIQUE INDEX "widget_name_key"');
    expect(readFileSync(join(svc.def.prismaDir, 'migrations/migration_lock.toml'), 'utf8')).toContain('provider = "postgresql"');
  });

  it('writes only the added column as the next migration, after the existing ones', async () => {
    svc.addColorColumn();
    const folder = await createMigration(svc.def, 'add_color', { now: new Date('2026-01-02T00:00:00Z') });
    expect(folder).toBe('20260102000000_add_color');
    const sql = svc.migrationSql(folder!);
    expect(sql).toMatch(/ALTER TABLE "widget"\."widget" ADD COLUMN\s+"color" TEXT NOT NULL DEFAULT 'blue'/);
    expect(sql).not.toContain('CREATE TABLE');
    expect(await createMigration(svc.def, 'again')).toBeUndefined();
  });

  it('refuses a migration name that is not a plain identifier, writing nothing', async () => {
    await expect(createMigration(svc.def, '../escape')).rejects.toThrow(/migration name/);
    await expect(createMigration(svc.def, '')).rejects.toThrow(/migration name/);
    expect(existsSync(join(svc.def.prismaDir, '..', 'escape'))).toBe(false);
  });

  it('reports a broken migration in the folder with the service named', async () => {
    const { writeFileSync } = await import('node:fs');
    writeFileSync(join(svc.def.prismaDir, 'migrations', INIT_MIGRATION, 'migration.sql'), 'CREATE TABLE oops (;');
    const err = await createMigration(svc.def, 'next').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MigrationError);
    expect((err as Error).message).toMatch(/^widget: could not diff/);
  });
});
