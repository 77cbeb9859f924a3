/**
 * The distributed path on a real PostgreSQL (a fresh database per file): migrations recorded exactly as
 * `prisma migrate deploy` records them, racing migrators, a schema change end to end, CRUD through the
 * generated client, and a connection killed under the pool.
 */
import { createHash } from 'node:crypto';
import { Client } from 'pg';
import { createMigration, createServiceDatabase, migrateService, migrationStatus } from '../src';
import { createTestDatabase, describeWithInfra } from '@dcp/testing';
import { PrismaClient } from './fixtures/widget/src/generated/prisma/client';
import { copyWidgetService, INIT_MIGRATION, type WidgetService } from './widget-service';

describeWithInfra(['postgres'], 'database lib on PostgreSQL', () => {
  let db: { url: string; drop: () => Promise<void> };
  let admin: Client;
  let svc: WidgetService;
  const config = () => ({ kind: 'postgres' as const, url: db.url });

  beforeEach(async () => {
    db = await createTestDatabase('dcp_db');
    admin = new Client({ connectionString: db.url });
    await admin.connect();
    svc = copyWidgetService();
  });
  afterEach(async () => {
    await admin.end();
    await db.drop();
    svc.remove();
  });

  it('migrates an empty database into the service schema and records it as Prisma does; re-running is a no-op', async () => {
    expect(await migrationStatus(svc.def, config())).toMatchObject({ initialised: false, pending: [INIT_MIGRATION] });
    expect(await migrateService(svc.def, config())).toEqual({ service: 'widget', applied: [INIT_MIGRATION] });

    const { rows } = await admin.query('SELECT * FROM widget._prisma_migrations');
    expect(rows).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        migration_name: INIT_MIGRATION,
        checksum: createHash('sha256').update(svc.migrationSql(INIT_MIGRATION)).digest('hex'),
        started_at: expect.any(Date),
        finished_at: expect.any(Date),
        logs: null,
        rolled_back_at: null,
        applied_steps_count: 1,
      },
    ]);
    expect(rows[0].finished_at.getTime()).toBeGreaterThanOrEqual(rows[0].started_at.getTime());
    const tables = await admin.query(`SELECT table_schema, table_name FROM information_schema.tables WHERE table_schema IN ('public', 'widget') ORDER BY 2`);
    expect(tables.rows).toEqual([
      { table_schema: 'widget', table_name: '_prisma_migrations' },
      { table_schema: 'widget', table_name: 'widget' },
    ]);

    expect(await migrateService(svc.def, config())).toEqual({ service: 'widget', applied: [] });
    expect((await admin.query('SELECT count(*)::int AS n FROM widget._prisma_migrations')).rows).toEqual([{ n: 1 }]);
    expect(await migrationStatus(svc.def, config())).toMatchObject({ initialised: true, applied: [INIT_MIGRATION], pending: [], modified: [] });
  });

  it('lets two concurrent migrators finish: one applies, the other finds nothing left', async () => {
    const results = await Promise.all([migrateService(svc.def, config()), migrateService(svc.def, config())]);
    expect(results.flatMap((r) => r.applied)).toEqual([INIT_MIGRATION]);
    expect((await admin.query('SELECT count(*)::int AS n FROM widget._prisma_migrations')).rows).toEqual([{ n: 1 }]);
  });

  it('applies a created migration for an added column; a changed applied migration shows in status', async () => {
    await migrateService(svc.def, config());
    await admin.query(`INSERT INTO widget.widget (name) VALUES ('old')`);
    svc.addColorColumn('red;blue');
    const next = await createMigration(svc.def, 'add_color');
    expect(next).toMatch(/^\d{14}_add_color$/);
    expect(await migrateService(svc.def, config())).toEqual({ service: 'widget', applied: [next] });
    expect((await admin.query('SELECT name, color FROM widget.widget')).rows).toEqual([{ name: 'old', color: 'red;blue' }]);

    const { writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    writeFileSync(join(svc.def.prismaDir, 'migrations', INIT_MIGRATION, 'migration.sql'), svc.migrationSql(INIT_MIGRATION) + '-- edited\n');
    expect(await migrationStatus(svc.def, config())).toMatchObject({ modified: [INIT_MIGRATION], pending: [] });
  });

  it('rolls back a failing migration as a whole (one implicit transaction) and reports it', async () => {
    await migrateService(svc.def, config());
    const { mkdirSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const broken = '20260105000000_broken';
    mkdirSync(join(svc.def.prismaDir, 'migrations', broken));
    writeFileSync(
      join(svc.def.prismaDir, 'migrations', broken, 'migration.sql'),
      'ALTER TABLE "widget"."widget" ADD COLUMN "a" TEXT;\nALTER TABLE "widget"."widget" ADD COLUMN "b" no_such_type;\n',
    );
    await expect(migrateService(svc.def, config())).rejects.toThrow(/^widget: migrations could not be applied:[\s\S]*no_such_type/);
    const columns = await admin.query(`SELECT column_name FROM information_schema.columns WHERE table_schema = 'widget' AND table_name = 'widget' ORDER BY 1`);
    expect(columns.rows.map((r) => r.column_name)).toEqual(['created_at', 'id', 'name']);
    expect(await migrationStatus(svc.def, config())).toMatchObject({ failed: [broken] });
  });

  it('serves CRUD through the generated client, migrating on open without leaving a lock behind', async () => {
    const sdb = await createServiceDatabase(PrismaClient, svc.def, config(), { migrate: true });
    try {
      await sdb.ping();
      const [a, b] = await Promise.all([sdb.client.widget.create({ data: { name: 'a' } }), sdb.client.widget.create({ data: { name: 'b' } })]);
      // Created concurrently: either may have drawn the lower id.
      expect(await sdb.client.widget.findMany({ orderBy: { id: 'asc' }, select: { id: true, name: true } })).toEqual(
        [
          { id: a.id, name: 'a' },
          { id: b.id, name: 'b' },
        ].sort((x, y) => x.id - y.id),
      );
      await sdb.client.$transaction(async (tx) => {
        await tx.widget.update({ where: { id: a.id }, data: { name: 'a2' } });
        await tx.widget.delete({ where: { id: b.id } });
      });
      expect(await sdb.client.widget.findMany({ select: { name: true } })).toEqual([{ name: 'a2' }]);
      // The schema engine's own advisory lock ended with the migration's pool, so another migrator proceeds.
      // Counted in this spec's database only: other suites running at the same time hold advisory locks of their own.
      const locks = await admin.query(`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`);
      expect(locks.rows).toEqual([{ n: 0 }]);
      expect(await migrateService(svc.def, config())).toEqual({ service: 'widget', applied: [] });
    } finally {
      await sdb.close();
    }
  });

  it('survives the database killing its connections: the pool reports it and the next query reconnects', async () => {
    await migrateService(svc.def, config());
    let reported!: (err: Error) => void;
    const poolError = new Promise<Error>((resolve) => (reported = resolve));
    const sdb = await createServiceDatabase(PrismaClient, svc.def, config(), { onPoolError: (err) => reported(err) });
    try {
      await sdb.client.widget.create({ data: { name: 'before' } });
      const killed = await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'dcp-widget'`,
      );
      expect(killed.rowCount).toBeGreaterThan(0);
      expect((await poolError).message).toMatch(/terminat/i);
      await sdb.ping();
      expect(await sdb.client.widget.count()).toBe(1);
    } finally {
      await sdb.close();
    }
  });
});
