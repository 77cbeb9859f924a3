import type { SqlClient } from '@dcp/messaging';
import { countRows, planRows, platformVersion, serviceStatus } from './service-status';

/** A client that answers reltuples, count(*) and EXPLAIN, and records the statements. */
function fakeClient(reltuples: number, exact: number, planned: number) {
  const statements: string[] = [];
  return {
    statements,
    $queryRawUnsafe: (async (sql: string) => {
      statements.push(sql);
      if (sql.includes('pg_class')) return [{ n: reltuples }];
      if (sql.startsWith('SELECT count(*)')) return [{ n: exact }];
      if (sql.startsWith('EXPLAIN')) return [{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': planned } }] }];
      throw new Error(sql);
    }) as SqlClient['$queryRawUnsafe'],
    $executeRawUnsafe: async () => 0,
  };
}

describe('service status: counts that stay cheap', () => {
  it('counts exactly below the threshold, with the condition', async () => {
    const client = fakeClient(120, 42, 0);
    expect(await countRows(client, 'permission', { name: 'activeGrants', table: 'grant', where: 'grant_status = 3' })).toEqual({ name: 'activeGrants', value: 42, estimated: false });
    expect(client.statements[1]).toBe('SELECT count(*)::int AS n FROM "permission"."grant" WHERE grant_status = 3');
  });

  it('counts exactly a table never analysed (reltuples -1)', async () => {
    expect(await countRows(fakeClient(-1, 7, 0), 'sso', { name: 'users', table: 'user' })).toEqual({ name: 'users', value: 7, estimated: false });
  });

  it('answers reltuples beyond the threshold, and the planner\'s estimate for a condition, scanning nothing', async () => {
    const plain = fakeClient(2_500_000.4, 0, 0);
    expect(await countRows(plain, 'storage', { name: 'recordings', table: 'segment' })).toEqual({ name: 'recordings', value: 2_500_000, estimated: true });
    expect(plain.statements.some((s) => s.includes('count(*)'))).toBe(false);
    const filtered = fakeClient(5_000_000, 0, 812_345);
    expect(await countRows(filtered, 'permission', { name: 'activeGrants', table: 'grant', where: 'grant_status = 3' })).toEqual({ name: 'activeGrants', value: 812_345, estimated: true });
    expect(filtered.statements[1]).toBe('EXPLAIN (FORMAT JSON) SELECT 1 FROM "permission"."grant" WHERE grant_status = 3');
  });

  it('reads the plan however the driver hands the JSON back', () => {
    expect(planRows([{ 'QUERY PLAN': JSON.stringify([{ Plan: { 'Plan Rows': 12 } }]) }])).toBe(12);
    expect(planRows([])).toBe(0);
  });

  it('refuses a table name that is not a plain identifier', async () => {
    await expect(countRows(fakeClient(0, 0, 0), 'sso', { name: 'x', table: 'user"; DROP TABLE x; --' })).rejects.toThrow(/invalid table/);
  });
});

describe('service status: readiness and version', () => {
  it('says which readiness check failed, the version, and leaves a failing count out', async () => {
    const view = await serviceStatus(
      [
        ['database:sso', async () => undefined],
        ['event-stream', async () => Promise.reject(new Error('stream not found'))],
      ],
      () => [Promise.resolve({ name: 'merchants', value: 1, estimated: false }), Promise.reject(new Error('boom'))],
    );
    expect(view).toMatchObject({ ready: false, failing: [{ check: 'event-stream', message: 'stream not found' }], version: platformVersion(), counts: [{ name: 'merchants', value: 1 }] });
    expect(platformVersion()).toMatch(/^\d+\.\d+\.\d+/);
  });
});
