/**
 * An admin list's total on a real PostgreSQL (PGlite, as embedded mode runs it): exact while at most the
 * threshold of rows match, else the planner's estimate of the list's WHERE, never below what the capped count
 * already proved — as libs/runtime/src/database/list-total.ts promises. The threshold is lowered so a small
 * table is "long".
 */
import { PGlite } from '@electric-sql/pglite';
import { type Sql, sqltag as sql } from '@prisma/client/runtime/client';
import { type ListTotalClient, listTotal } from '../src/database/list-total';

describe('list totals on PostgreSQL (PGlite)', () => {
  let db: PGlite;
  let client: ListTotalClient;
  const owner = (name: string) => sql`FROM service.widget w WHERE w.owner = ${name}`;
  const byId = sql`ORDER BY w.id`;

  beforeAll(async () => {
    db = new PGlite();
    await db.exec(`CREATE SCHEMA service; CREATE TABLE service.widget (id serial PRIMARY KEY, owner text NOT NULL); CREATE INDEX widget_owner_id ON service.widget (owner, id);
      INSERT INTO service.widget (owner) SELECT CASE WHEN i % 10 = 0 THEN 'few' ELSE 'many' END FROM generate_series(1, 3000) i;`);
    client = { $queryRaw: (async (query: Sql) => (await db.query(query.text, query.values)).rows) as ListTotalClient['$queryRaw'] };
  }, 30_000);

  afterAll(async () => {
    await db?.close();
  });

  it('counts exactly up to the threshold', async () => {
    await expect(listTotal(client, owner('few'), byId, 300)).resolves.toEqual({ total: 300, totalIsEstimate: false });
    await expect(listTotal(client, owner('nobody'), byId, 300)).resolves.toEqual({ total: 0, totalIsEstimate: false });
  });

  it("beyond it answers the planner's estimate of the WHERE, marked as one", async () => {
    await db.exec('ANALYZE service.widget');
    const many = await listTotal(client, owner('many'), byId, 300);
    expect(many.totalIsEstimate).toBe(true);
    // ANALYZE read every row of so small a table: the estimate is the count, give or take rounding.
    expect(many.total).toBeGreaterThan(2_600);
    expect(many.total).toBeLessThan(2_800);
  });

  it('never says fewer than the count proved, however old the statistics', async () => {
    await db.exec(`ANALYZE service.widget; INSERT INTO service.widget (owner) SELECT 'new' FROM generate_series(1, 500)`);
    // Statistics from before the 500 rows estimate about none of them.
    await expect(listTotal(client, owner('new'), byId, 300)).resolves.toEqual({ total: 301, totalIsEstimate: true });
  });
});
