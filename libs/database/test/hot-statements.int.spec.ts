/**
 * Hot statements (decisions PF4) give the same values through both paths: named prepared statements on
 * PostgreSQL's pool, the Prisma client on PGlite. Also: a name declared twice with other SQL fails at once,
 * and on PGlite a hot statement waits behind an open interactive transaction instead of running inside it.
 * On PostgreSQL, an events-lane statement (OB4) runs on its own connections while every request connection is busy.
 */
import { PGlite } from '@electric-sql/pglite';
import { createServiceDatabase, hotStatement, type ServiceDatabase } from '../src';
import { createTestDatabase, describeWithInfra } from '@dcp/testing';
import { PrismaClient } from './fixtures/widget/src/generated/prisma/client';
import { copyWidgetService, type WidgetService } from './widget-service';

interface TypedRow {
  id: number;
  name: string;
  fresh: boolean;
  createdAt: Date;
  doc: unknown;
  token: string;
  missing: string | null;
}

const insertWidget = hotStatement<TypedRow>(
  'widget.insert-typed',
  `INSERT INTO "widget"."widget" (name, created_at) VALUES ($1, $2::timestamptz)
   RETURNING id, name, (xmax = 0) AS fresh, created_at AS "createdAt",
             jsonb_build_object('name', name, 'n', $3::int, 'nested', jsonb_build_object('ok', true)) AS doc,
             '0b4e9c1e-3f5a-4f8e-9d1c-2a7b5c3d4e6f'::uuid AS token, NULL::text AS missing`,
);
const countWidgets = hotStatement<{ n: number }>('widget.count', `SELECT count(*)::int AS n FROM "widget"."widget"`);
const countWidgetsForEvents = hotStatement<{ n: number; lane: string }>(
  'widget.count-for-events',
  `SELECT count(*)::int AS n, current_setting('application_name') AS lane FROM "widget"."widget"`,
  'events',
);

const EXPECTED = (name: string) => ({
  id: expect.any(Number),
  name,
  fresh: true,
  createdAt: new Date('2026-01-02T03:04:05.678Z'),
  doc: { name, n: 7, nested: { ok: true } },
  token: '0b4e9c1e-3f5a-4f8e-9d1c-2a7b5c3d4e6f',
  missing: null,
});

describe('hotStatement', () => {
  it('refuses a name declared again with other SQL, and names that are not <service>.<what>', () => {
    expect(hotStatement('widget.count', `SELECT count(*)::int AS n FROM "widget"."widget"`)).toEqual(countWidgets);
    expect(() => hotStatement('widget.count', 'SELECT 2')).toThrow(/declared twice/);
    expect(() => hotStatement('count', 'SELECT 1')).toThrow(/<service>\.<what>/);
    expect(() => hotStatement('Widget.Count', 'SELECT 1')).toThrow(/<service>\.<what>/);
  });
});

describe('hot statements on PGlite', () => {
  // One migrated instance for the file: opening and migrating one (the WebAssembly schema engine) is what
  // took the time, 6–30 s per test; each test starts from an empty table instead.
  let svc: WidgetService;
  let db: ServiceDatabase<PrismaClient>;
  beforeAll(async () => {
    svc = copyWidgetService();
    db = await createServiceDatabase(PrismaClient, svc.def, { kind: 'pglite' }, { migrate: true });
  });
  beforeEach(async () => {
    await db.client.$executeRawUnsafe('TRUNCATE "widget"."widget" RESTART IDENTITY');
  });
  afterAll(async () => {
    await db?.close();
    svc?.remove();
  });

  it('returns the values PostgreSQL does', async () => {
    expect(await db.run(insertWidget, ['lite', new Date('2026-01-02T03:04:05.678Z'), 7])).toEqual([EXPECTED('lite')]);
  });

  it('waits behind an open interactive transaction instead of running inside it', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertedInTx = new Promise<void>((resolve) => (inserted = resolve));
    const tx = db.client.$transaction(async (t) => {
      await t.widget.create({ data: { name: 'in-tx' } });
      inserted();
      await held;
      throw new Error('rolled back');
    });
    await insertedInTx;
    // The count must reach the instance while the transaction is open: a Prisma query only starts when
    // awaited, so it is started here (Promise.resolve), and the transaction is released only once the count
    // has been handed to PGlite (queued on its transaction lock) or, run inside the transaction, has settled.
    let handedOver!: () => void;
    const countHandedOver = new Promise<void>((resolve) => (handedOver = resolve));
    const original = PGlite.prototype.query;
    const query = jest.spyOn(PGlite.prototype, 'query').mockImplementation(function (this: PGlite, ...args: Parameters<PGlite['query']>) {
      if (args[0] === countWidgets.text) handedOver();
      return original.apply(this, args);
    } as PGlite['query']);
    try {
      const counted = Promise.resolve(db.run(countWidgets, []));
      await Promise.race([countHandedOver, counted]);
      release();
      await expect(tx).rejects.toThrow('rolled back');
      // Had it run inside the transaction, it would have counted the row the rollback removed.
      expect(await counted).toEqual([{ n: 0 }]);
    } finally {
      query.mockRestore();
    }
  });
});

describeWithInfra(['postgres'], 'hot statements on PostgreSQL', () => {
  let database: { url: string; drop: () => Promise<void> };
  let svc: WidgetService;
  let db: ServiceDatabase<PrismaClient>;
  beforeEach(async () => {
    database = await createTestDatabase('dcp_hot');
    svc = copyWidgetService();
    db = await createServiceDatabase(PrismaClient, svc.def, { kind: 'postgres', url: database.url, poolSize: 2 }, { migrate: true });
  });
  afterEach(async () => {
    await db.close();
    await database.drop();
    svc.remove();
  });

  it('returns the values PGlite does, and runs again on every pooled connection', async () => {
    expect(await db.run(insertWidget, ['pg', new Date('2026-01-02T03:04:05.678Z'), 7])).toEqual([EXPECTED('pg')]);
    // More calls at once than the pool has connections: each connection prepares the statement once.
    const names = Array.from({ length: 6 }, (_, i) => `pg-${i}`);
    const rows = await Promise.all(names.map((name) => db.run(insertWidget, [name, new Date('2026-01-02T03:04:05.678Z'), 7])));
    expect(rows.map(([row]) => row)).toEqual(names.map(EXPECTED));
    expect(await db.run(countWidgets, [])).toEqual([{ n: 7 }]);
    // The Prisma client sees what the hot statements wrote (same pool, same schema).
    expect(await db.client.widget.count()).toBe(7);
  });

  it('runs an events-lane statement on its own connections while every connection of the request pool is busy (OB4)', async () => {
    // Both request connections (poolSize 2) held in open transactions, and a request statement queued behind them.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding = 0;
    let bothHeld!: () => void;
    const bothHolding = new Promise<void>((resolve) => (bothHeld = resolve));
    const holders = [0, 1].map(() =>
      db.client.$transaction(async (t) => {
        await t.$queryRawUnsafe('SELECT 1');
        if (++holding === 2) bothHeld();
        await held;
      }, { timeout: 30_000 }),
    );
    await bothHolding;
    let requestDone = false;
    const request = db.run(countWidgets, []).then((rows) => {
      requestDone = true;
      return rows;
    });
    expect(await db.run(countWidgetsForEvents, [])).toEqual([{ n: 0, lane: expect.stringMatching(/-events$/) }]);
    expect(requestDone).toBe(false);
    release();
    await Promise.all(holders);
    expect(await request).toEqual([{ n: 0 }]);
  });
});
