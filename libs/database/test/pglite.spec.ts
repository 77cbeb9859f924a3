/**
 * The embedded path: migrations and the generated client on PGlite (in memory and in a data folder).
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createMigration, createServiceDatabase, migrateService, migrationStatus, openAdapter } from '../src';
import { PrismaClient } from './fixtures/widget/src/generated/prisma/client';
import { copyWidgetService, INIT_MIGRATION, type WidgetService } from './widget-service';

describe('PGlite', () => {
  let svc: WidgetService;
  beforeEach(() => {
    svc = copyWidgetService();
  });
  afterEach(() => svc.remove());
  let counter = 0;

  it('migrates an in-memory database and serves CRUD through the generated client', async () => {
    const db = await createServiceDatabase(PrismaClient, svc.def, { kind: 'pglite' }, { migrate: true });
    try {
      await db.ping();
      const created = await db.client.widget.create({ data: { name: 'first' } });
      expect(created).toEqual({ id: 1, name: 'first', createdAt: expect.any(Date) });
      await db.client.widget.update({ where: { id: created.id }, data: { name: 'renamed' } });
      expect(await db.client.widget.findMany({ select: { name: true } })).toEqual([{ name: 'renamed' }]);
      await expect(db.client.widget.create({ data: { name: 'renamed' } })).rejects.toMatchObject({ code: 'P2002' });
      await db.client.widget.delete({ where: { id: created.id } });
      expect(await db.client.widget.count()).toBe(0);
    } finally {
      await db.close();
    }
  });

  it('applies pending migrations once, in order, in a data folder that survives reopening', async () => {
    const config = { kind: 'pglite' as const, dataDir: join(svc.dir, 'pglite') };
    expect(await migrationStatus(svc.def, config)).toMatchObject({ initialised: false, pending: [INIT_MIGRATION] });
    expect(existsSync(config.dataDir)).toBe(false);

    expect(await migrateService(svc.def, config)).toEqual({ service: 'widget', applied: [INIT_MIGRATION] });
    expect(await migrateService(svc.def, config)).toEqual({ service: 'widget', applied: [] });

    // A default with ";" inside a string: the migration script must reach PostgreSQL whole.
    svc.addColorColumn('red;blue');
    const next = await createMigration(svc.def, 'add_color', { now: new Date('2026-01-02T00:00:00Z') });
    expect(await migrationStatus(svc.def, config)).toMatchObject({ initialised: true, applied: [INIT_MIGRATION], pending: [next] });
    expect((await migrateService(svc.def, config)).applied).toEqual([next]);

    const handle = openAdapter(config);
    try {
      const rows = await handle.query<{ migration_name: string; checksum: string; finished_at: Date | null; applied_steps_count: number }>(
        'SELECT migration_name, checksum, finished_at, applied_steps_count FROM widget._prisma_migrations ORDER BY migration_name',
      );
      expect(rows).toEqual(
        [INIT_MIGRATION, next].map((m) => ({
          migration_name: m,
          checksum: createHash('sha256').update(svc.migrationSql(m!)).digest('hex'),
          finished_at: expect.any(Date),
          applied_steps_count: 1,
        })),
      );
    } finally {
      await handle.close();
    }

    const db = await createServiceDatabase(PrismaClient, svc.def, config);
    try {
      await db.client.widget.create({ data: { name: 'kept' } });
    } finally {
      await db.close();
    }
    const reopened = openAdapter(config);
    try {
      expect(await reopened.query('SELECT name, color FROM widget.widget')).toEqual([{ name: 'kept', color: 'red;blue' }]);
    } finally {
      await reopened.close();
    }
    expect(await migrationStatus(svc.def, config)).toMatchObject({ applied: [INIT_MIGRATION, next], pending: [], failed: [], modified: [] });
  });

  /**
   * The migrator's mechanics on one in-memory instance held for the whole test (every call shares it): what
   * a data folder adds, surviving a reopening, is the test above's.
   */
  const heldInstance = () => {
    const config = { kind: 'pglite' as const, dataDir: `memory://pglite-spec-${process.pid}-${++counter}` };
    return { config, handle: openAdapter(config) };
  };

  it('applies migrations only up to a given one (upTo), the rest on the next call: data written in between is migrated', async () => {
    const { config, handle } = heldInstance();
    try {
      const next = '20260102000000_add_color';
      svc.addMigration(next, `ALTER TABLE "widget"."widget" ADD COLUMN "color" TEXT NOT NULL DEFAULT 'red';\n`);
      const lines: string[] = [];
      expect(await migrateService(svc.def, config, { upTo: INIT_MIGRATION, log: (l) => lines.push(l) })).toEqual({ service: 'widget', applied: [INIT_MIGRATION] });
      expect(await migrationStatus(svc.def, config)).toMatchObject({ applied: [INIT_MIGRATION], pending: [next] });
      expect(await migrateService(svc.def, config, { upTo: INIT_MIGRATION })).toEqual({ service: 'widget', applied: [] });
      await handle.query(`INSERT INTO widget.widget (name) VALUES ('before')`);
      expect(await migrateService(svc.def, config)).toEqual({ service: 'widget', applied: [next] });
      expect(await handle.query('SELECT name, color FROM widget.widget')).toEqual([{ name: 'before', color: 'red' }]);
      await expect(migrateService(svc.def, config, { upTo: 'nope' })).rejects.toThrow('widget: no migration "nope"');
    } finally {
      await handle.close();
    }
  });

  it('fails a broken migration with its error, leaves it unfinished, and keeps the earlier ones', async () => {
    const { config, handle } = heldInstance();
    try {
      const broken = '20260105000000_broken';
      svc.addMigration(broken, 'ALTER TABLE "widget"."widget" ADD COLUMN "x" no_such_type;\n');
      await expect(migrateService(svc.def, config)).rejects.toThrow(/^widget: migrations could not be applied:[\s\S]*no_such_type/);
      expect(await migrationStatus(svc.def, config)).toMatchObject({ applied: [INIT_MIGRATION], failed: [broken], pending: [] });
      // Like `prisma migrate deploy` (P3009): no further deploys until the failed migration is resolved.
      await expect(migrateService(svc.def, config)).rejects.toThrow(/failed migrations/);
    } finally {
      await handle.close();
    }
  });
});
