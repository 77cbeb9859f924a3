/**
 * Embedded mode's one PGlite instance for every service: each service in its own schema with its own
 * migration history, transactions of different services serialised on the single connection, fresh
 * instances started from the services' pre-migrated template.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ServiceDatabase, createServiceDatabase, migrateService, migrationStatus, openAdapter, templateCacheDir, templateKey } from '../src';
import type { ServiceDatabaseDefinition } from '../src';
import { PrismaClient } from './fixtures/widget/src/generated/prisma/client';
import { copyWidgetService, INIT_MIGRATION, type WidgetService } from './widget-service';

/** A second service: the widget fixture moved to the schema "gadget" (queried with raw SQL). */
function gadgetOf(copy: WidgetService): ServiceDatabaseDefinition {
  const dir = copy.def.prismaDir;
  for (const file of [join(dir, 'schema.prisma'), join(dir, 'migrations', INIT_MIGRATION, 'migration.sql')]) {
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text.replace(/"widget"\./g, '"gadget".').replace('EXISTS "widget";', 'EXISTS "gadget";').replace(/\("widget"\)/g, '("gadget")').replace('["widget"]', '["gadget"]'));
  }
  return { service: 'gadget', prismaDir: dir };
}

let counter = 0;
const memoryName = () => `memory://shared-spec-${process.pid}-${++counter}`;

describe('PGlite shared by several services', () => {
  let widget: WidgetService;
  let gadgetCopy: WidgetService;
  let gadget: ServiceDatabaseDefinition;
  beforeEach(() => {
    widget = copyWidgetService();
    gadgetCopy = copyWidgetService();
    gadget = gadgetOf(gadgetCopy);
  });
  afterEach(() => {
    widget.remove();
    gadgetCopy.remove();
  });
  /** The cached template of both services (its key hashes their migrations: the same for every copy). */
  let templateFile: string | undefined;
  afterAll(() => templateFile && rmSync(templateFile, { force: true }));

  it("keeps each service's migration history in its own schema", async () => {
    // One instance for the whole test, as in embedded mode: each call below shares it while `handle` holds it
    // (pglite-instances.ts), so the services' schemas, not separate databases, keep their histories apart.
    const config = { kind: 'pglite' as const, dataDir: memoryName() };
    const handle = openAdapter(config);
    try {
      expect(await migrateService(widget.def, config)).toEqual({ service: 'widget', applied: [INIT_MIGRATION] });
      // Same migration name, another service: applied again, in its own schema (no collision).
      expect(await migrateService(gadget, config)).toEqual({ service: 'gadget', applied: [INIT_MIGRATION] });
      expect(await migrateService(widget.def, config)).toEqual({ service: 'widget', applied: [] });
      expect(await handle.query(`SELECT to_regclass('public._prisma_migrations') AS t`)).toEqual([{ t: null }]);
      for (const schema of ['widget', 'gadget']) {
        expect(await handle.query(`SELECT migration_name FROM ${schema}._prisma_migrations`)).toEqual([{ migration_name: INIT_MIGRATION }]);
      }
      expect(await handle.query(`SELECT table_schema FROM information_schema.tables WHERE table_name = 'widget' ORDER BY 1`)).toEqual([{ table_schema: 'gadget' }, { table_schema: 'widget' }]);
      expect(await migrationStatus(gadget, config)).toMatchObject({ initialised: true, applied: [INIT_MIGRATION], pending: [] });
    } finally {
      await handle.close();
    }
  });

  it('adopts the migration history a folder of an earlier release kept in public (one service per folder)', async () => {
    const config = { kind: 'pglite' as const, dataDir: join(widget.dir, 'legacy') };
    // Held open for the whole test: every call below shares this one instance of the folder instead of reopening it.
    const handle = openAdapter(config);
    try {
      await migrateService(widget.def, config);
      await handle.query('ALTER TABLE widget._prisma_migrations SET SCHEMA public');
      expect(await migrationStatus(widget.def, config)).toMatchObject({ applied: [INIT_MIGRATION], pending: [] });
      expect(await migrateService(widget.def, config)).toEqual({ service: 'widget', applied: [] });
      expect(await handle.query(`SELECT to_regclass('public._prisma_migrations') AS t`)).toEqual([{ t: null }]);
      expect(await handle.query('SELECT migration_name FROM widget._prisma_migrations')).toEqual([{ migration_name: INIT_MIGRATION }]);
    } finally {
      await handle.close();
    }
  });

  /**
   * A fresh instance of both services, from their pre-migrated template (built once, then loaded): for the
   * specs whose subject is not the migration itself (those above start from an empty instance). The template
   * spec below builds it first and the later specs load it; it is removed after all.
   */
  const migratedInstance = () => ({ kind: 'pglite' as const, dataDir: memoryName(), services: [widget.def, gadget] });

  it("starts a fresh instance from the services' pre-migrated template, cached for the next one", async () => {
    const services = [widget.def, gadget];
    const file = (templateFile = join(templateCacheDir(), `template-${templateKey(services)}.tar`));
    rmSync(file, { force: true });
    const config = { kind: 'pglite' as const, dataDir: memoryName(), services };
    const first = await createServiceDatabase(PrismaClient, widget.def, config, { migrate: true });
    try {
      expect(existsSync(file)).toBe(true);
      await first.client.widget.create({ data: { name: 'only-here' } });
      expect(await migrateService(gadget, config)).toEqual({ service: 'gadget', applied: [] });
      expect(await migrationStatus(gadget, config)).toMatchObject({ applied: [INIT_MIGRATION], pending: [] });
    } finally {
      await first.close();
    }
    // From the cached file; the rows of another instance are not in it.
    const secondConfig = { ...config, dataDir: memoryName() };
    const second = await createServiceDatabase(PrismaClient, widget.def, secondConfig, { migrate: true });
    try {
      expect(await second.client.widget.count()).toBe(0);
      expect(await migrationStatus(widget.def, secondConfig)).toMatchObject({ initialised: true, applied: [INIT_MIGRATION] });
    } finally {
      await second.close();
    }
  });

  it("serialises two services' transactions on the one connection: neither sees nor undoes the other's work", async () => {
    const config = migratedInstance();
    const a = await createServiceDatabase(PrismaClient, widget.def, config, { migrate: true });
    const b = await createServiceDatabase(PrismaClient, gadget, config, { migrate: true });
    try {
      const order: string[] = [];
      let inside!: () => void;
      const aInside = new Promise<void>((ok) => (inside = ok));
      let release!: () => void;
      const aMayFinish = new Promise<void>((ok) => (release = ok));
      // Service A: a transaction that writes, waits (other work is queued meanwhile), then rolls back.
      const txA = a.client
        .$transaction(async (tx) => {
          await tx.widget.create({ data: { name: 'a-uncommitted' } });
          order.push('a wrote');
          inside();
          await aMayFinish;
          order.push('a rolls back');
          throw new Error('rollback');
        })
        .catch((err: Error) => err.message);
      await aInside;
      // Service B, while A's transaction is open: a transaction of its own and a plain read of A's table.
      const txB = b.client.$transaction(async (tx) => {
        order.push('b began');
        await tx.$executeRawUnsafe(`INSERT INTO gadget.widget (name) VALUES ('b-committed')`);
        return tx.$queryRawUnsafe<{ n: number }[]>('SELECT count(*)::int AS n FROM widget.widget');
      });
      const readB = b.client.$queryRawUnsafe<{ n: number }[]>('SELECT count(*)::int AS n FROM widget.widget');
      await new Promise((r) => setTimeout(r, 200));
      expect(order).toEqual(['a wrote']); // B waits for A's transaction to end
      release();
      expect(await txA).toBe('rollback');
      expect(await txB).toEqual([{ n: 0 }]); // never saw A's uncommitted row
      expect(await readB).toEqual([{ n: 0 }]);
      expect(order).toEqual(['a wrote', 'a rolls back', 'b began']);
      // A's rollback did not take B's insert with it, and B's commit did not commit A's row.
      expect(await b.client.$queryRawUnsafe('SELECT name FROM gadget.widget')).toEqual([{ name: 'b-committed' }]);
      expect(await a.client.widget.count()).toBe(0);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('closes the instance with its last service, and only then', async () => {
    const config = migratedInstance();
    const open = (def: ServiceDatabaseDefinition) => createServiceDatabase(PrismaClient, def, config, { migrate: true });
    const a: ServiceDatabase<PrismaClient> = await open(widget.def);
    const b = await open(gadget);
    await a.close();
    await b.ping();
    await b.close();
    await expect(b.ping()).rejects.toThrow();
    // The name is free again: a new, empty instance.
    const c = await open(widget.def);
    try {
      expect(await c.client.widget.count()).toBe(0);
    } finally {
      await c.close();
    }
  });
});
