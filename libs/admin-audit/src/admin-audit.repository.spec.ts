import { Sql } from '@prisma/client/runtime/client';
import type { AuditDatabase, RawSqlClient } from './admin-audit-database';
import { AdminAuditRepository } from './admin-audit.repository';

/** The statements' parameters (their SQL runs on PostgreSQL in libs/sso/test/sso-admin-audit.int.spec.ts). */
function fakeDatabase(answers: { query?: unknown[][]; execute?: number[] }) {
  const calls: { sql: string; values: unknown[] }[] = [];
  const record = (strings: TemplateStringsArray, values: unknown[]) => calls.push({ sql: strings.join('?'), values });
  const client: RawSqlClient = {
    // A tagged template, or a statement composed with Prisma's sql`…` (its strings and values, fragments flattened).
    $queryRaw: async <T>(query: TemplateStringsArray | Sql, ...values: unknown[]) => {
      if (query instanceof Sql) record(query.strings as unknown as TemplateStringsArray, query.values);
      else record(query, values);
      return (answers.query?.shift() ?? []) as T;
    },
    $executeRaw: async (strings: TemplateStringsArray, ...values: unknown[]) => {
      record(strings, values);
      return answers.execute?.shift() ?? 0;
    },
  };
  return { db: { client } as AuditDatabase, calls };
}

describe('AdminAuditRepository', () => {
  it('holds only the filters given, the path as a literal LIKE prefix; the page reads take rows after the cursor; the total counts as far as the threshold', async () => {
    const { db, calls } = fakeDatabase({ query: [[], [{ n: 12 }]] });
    const from = new Date('2026-01-01T00:00:00Z');
    const page = await new AdminAuditRepository(db).page({ actor: 'alice', path: '/admin/v1/a_b%\\c', from }, { take: 51, offset: 0, after: [from.getTime(), '42'] });
    expect(page).toEqual({ items: [], total: 12, totalIsEstimate: false });
    const [items, count] = calls;
    const filters = ['alice', '/admin/v1/a\\_b\\%\\\\c%', from];
    expect(items.values).toEqual([...filters, from, 42n, 51, 0]);
    expect(items.sql).toMatch(/WHERE actor_name = \? AND path LIKE \? AND requested_at >= \? AND \(requested_at, seq\) < \(\?, \?\)\s+ORDER BY requested_at DESC, seq DESC\s+LIMIT \? OFFSET \?$/);
    expect(count.values).toEqual([...filters, 1001]);
  });

  it('stores JSON as jsonb text, no body as NULL, and a refusal complete at once', async () => {
    const { db, calls } = fakeDatabase({ execute: [1] });
    const at = new Date('2026-02-03T04:05:06.789Z');
    await new AdminAuditRepository(db).insert({
      id: '4f6c2b1e-0000-4000-8000-000000000001',
      requestedAt: at,
      entry: {
        actor: { name: 'ci-bot', role: 'read-only' },
        method: 'PUT',
        request: { route: '/admin/v1/maintenance', operationId: 'putMaintenance', tag: 'maintenance', path: '/admin/v1/maintenance', params: { a: 'b' }, query: { q: ['1', '2'] }, body: null, bodyBytes: 61_440 },
        requestId: 'req-1',
        outcome: { status: 403, errorCode: 'AD0403' },
      },
    });
    expect(calls[0].values).toEqual([
      '4f6c2b1e-0000-4000-8000-000000000001', at, at, 'ci-bot', 'read-only', 'PUT',
      '/admin/v1/maintenance', 'putMaintenance', 'maintenance', '/admin/v1/maintenance',
      '{"a":"b"}', '{"q":["1","2"]}', null, 61_440, null, 'req-1', null, 'refused', 403, 'AD0403',
    ]);
  });

  it('purges one batch a statement: the oldest entries before the cutoff, as many as asked, by the requested_at order', async () => {
    const { db, calls } = fakeDatabase({ execute: [12] });
    const cutoff = new Date('2025-01-01T00:00:00Z');
    await expect(new AdminAuditRepository(db).purgeBatch(cutoff, 5000)).resolves.toBe(12);
    expect(calls.map((c) => c.values)).toEqual([[cutoff, 5000]]);
    expect(calls[0].sql).toMatch(/WHERE requested_at < \? ORDER BY requested_at LIMIT \?\)\)$/);
  });
});
