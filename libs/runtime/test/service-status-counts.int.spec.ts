/**
 * The overview's counts on a real PostgreSQL (PGlite, as embedded mode runs it): exact below the threshold,
 * and beyond it the table's reltuples or the planner's estimate of the condition from EXPLAIN, as
 * libs/runtime/src/health/service-status.ts promises. The threshold is lowered so a small table is "large".
 */
import { PGlite } from '@electric-sql/pglite';
import type { SqlClient } from '@dcp/messaging';
import { countRows } from '../src/health/service-status';

describe('overview counts on PostgreSQL (PGlite)', () => {
  let db: PGlite;
  let client: SqlClient;

  beforeAll(async () => {
    db = new PGlite();
    await db.exec(`CREATE SCHEMA permission; CREATE TABLE permission."grant" (id serial PRIMARY KEY, grant_status smallint NOT NULL);
      INSERT INTO permission."grant" (grant_status) SELECT CASE WHEN i % 4 = 0 THEN 3 ELSE 1 END FROM generate_series(1, 2000) i;`);
    client = {
      $queryRawUnsafe: (async (sql: string, ...values: unknown[]) => (await db.query(sql, values)).rows) as SqlClient['$queryRawUnsafe'],
      $executeRawUnsafe: async (sql: string) => (await db.exec(sql)).length,
    };
  }, 30_000);

  afterAll(async () => {
    await db?.close();
  });

  it('counts exactly while the table was never analysed or is below the threshold', async () => {
    await expect(countRows(client, 'permission', { name: 'activeGrants', table: 'grant', where: 'grant_status = 3' }, 1)).resolves.toEqual({ name: 'activeGrants', value: 500, estimated: false });
    await db.exec('ANALYZE permission."grant"');
    await expect(countRows(client, 'permission', { name: 'grants', table: 'grant' })).resolves.toEqual({ name: 'grants', value: 2000, estimated: false });
  });

  it('beyond the threshold answers reltuples, and the planner\'s estimate for a condition', async () => {
    await db.exec('ANALYZE permission."grant"');
    await expect(countRows(client, 'permission', { name: 'grants', table: 'grant' }, 100)).resolves.toEqual({ name: 'grants', value: 2000, estimated: true });
    const active = await countRows(client, 'permission', { name: 'activeGrants', table: 'grant', where: 'grant_status = 3' }, 100);
    expect(active.estimated).toBe(true);
    expect(active.value).toBeGreaterThan(300);
    expect(active.value).toBeLessThan(700);
  });
});
