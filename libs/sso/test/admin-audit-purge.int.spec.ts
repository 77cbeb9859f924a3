/**
 * The admin audit log's retention on a large table (decisions GT1): 300,000 entries bulk-inserted (the issue speaks
 * of ten million; the mechanism is the same at any size, and this size runs in seconds), 250,000 of them past the
 * retention. Each purge statement deletes at most AUDIT_PURGE_BATCH (5,000) entries in its own transaction,
 * through the requested_at index (its plan, on the analysed table: an index scan, no sequential scan); a run makes
 * at most AUDIT_PURGE_BATCHES (20) of them; and while the purge runs, what the request path does on the same table
 * (record an entry, complete it, read the newest page, complete an entry the purge is about to delete) completes
 * in a session whose lock_timeout and statement_timeout are short. The table's size is measured without counting
 * it (pg_class.reltuples above 100,000 entries).
 */
import { randomUUID } from 'node:crypto';
import { AUDIT_PURGE_BATCH, AUDIT_PURGE_BATCHES, AdminAuditPurger, AdminAuditRepository, type AuditDatabase } from '@dcp/admin-audit';
import { connectRequestPath, describeWithInfra } from '@dcp/testing';
import type { Client } from 'pg';
import { type SsoHarness, startSsoHarness } from './sso-harness';

const DAY_MS = 86_400_000;
const ENTRIES = 300_000;
const EXPIRED = 250_000;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Loops'?: number;
  'Subplan Name'?: string;
  Plans?: PlanNode[];
}

function nodesOf(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodesOf)];
}

/** The SQL and values a repository method sends through $executeRaw / $queryRaw, with $n placeholders. */
function captured(): { db: AuditDatabase; sent: { text: string; values: unknown[] }[] } {
  const sent: { text: string; values: unknown[] }[] = [];
  const record = (strings: TemplateStringsArray, values: unknown[]) => {
    sent.push({ text: strings.reduce((sql, part, i) => `${sql}$${i}${part}`), values });
    return Promise.resolve([] as never);
  };
  const client = { $executeRaw: (s: TemplateStringsArray, ...v: unknown[]) => record(s, v).then(() => 0), $queryRaw: (s: TemplateStringsArray, ...v: unknown[]) => record(s, v) };
  return { db: { client } as unknown as AuditDatabase, sent };
}

describeWithInfra(['postgres'], 'admin audit purge on a large table (PostgreSQL)', () => {
  let h: SsoHarness;
  let requestPath: Client;
  let cutoff: Date;

  beforeAll(async () => {
    h = await startSsoHarness();
    const now = h.clock.now();
    cutoff = new Date(now - 365 * DAY_MS);
    // Expired entries spread over the year before the cutoff, then the retained ones up to now, oldest first.
    await h.sql.query(
      `INSERT INTO sso.admin_audit_entry (id, requested_at, completed_at, actor_name, actor_role, method, path, params, query, result, status)
       SELECT gen_random_uuid(), at, at, 'bulk', 'full', 'POST', '/admin/v1/merchants', '{}', '{}', 'ok', 201
       FROM (SELECT CASE WHEN i <= $3 THEN $1::timestamptz - (($3 - i + 1) * interval '2 minutes')
                         ELSE $1::timestamptz + ((i - $3) * (($2::timestamptz - $1::timestamptz) / ($4::int - $3::int + 1))) END AS at
             FROM generate_series(1, $4::int) AS i) AS t`,
      [cutoff, new Date(now), EXPIRED, ENTRIES],
    );
    await h.sql.query('ANALYZE sso.admin_audit_entry');
    // The request path's own bounds: it may wait for a lock a quarter of a second, run five.
    requestPath = await connectRequestPath(h.databaseUrl);
  }, 120_000);
  afterAll(async () => {
    await requestPath?.end();
    await h?.close();
  });

  it('plans each batch through the requested_at index and deletes by row address: no sequential scan of the table', async () => {
    const { db, sent } = captured();
    await new AdminAuditRepository(db).purgeBatch(cutoff, AUDIT_PURGE_BATCH);
    const [{ 'QUERY PLAN': [{ Plan }] }] = (await h.sql.query(`EXPLAIN (FORMAT JSON) ${sent[0].text}`, sent[0].values)).rows;
    const nodes = nodesOf(Plan as PlanNode);
    expect(nodes.filter((n) => n['Node Type'] === 'Seq Scan')).toEqual([]);
    expect(nodes).toContainEqual(expect.objectContaining({ 'Node Type': 'Tid Scan', 'Relation Name': 'admin_audit_entry' }));
    expect(nodes).toContainEqual(expect.objectContaining({ 'Node Type': 'Index Scan', 'Relation Name': 'admin_audit_entry', 'Index Name': expect.stringMatching(/requested_at/) }));
  });

  it('measures the table without counting it once it holds more than 100,000 entries', async () => {
    const { db, sent } = captured();
    await new AdminAuditRepository(db).size().catch(() => undefined);
    const [{ 'QUERY PLAN': [{ Plan }] }] = (await h.sql.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${sent[0].text}`, sent[0].values)).rows;
    const counting = nodesOf(Plan as PlanNode).filter((n) => n['Relation Name'] === 'admin_audit_entry');
    expect(counting.length).toBeGreaterThan(0);
    expect(counting.every((n) => n['Actual Loops'] === 0)).toBe(true);
    const { entries } = await h.module.get(AdminAuditRepository).size();
    expect(entries).toBeGreaterThan(0.5 * ENTRIES);
    expect(entries).toBeLessThan(2 * ENTRIES);
  });

  it('purges at most 5,000 entries a statement and 20 statements a run, while the request path works on the same table within short timeouts', async () => {
    const repository = h.module.get(AdminAuditRepository);
    const batches: number[] = [];
    const purgeBatch = repository.purgeBatch.bind(repository);
    jest.spyOn(repository, 'purgeBatch').mockImplementation(async (before, limit) => {
      const n = await purgeBatch(before, limit);
      batches.push(n);
      return n;
    });
    // An entry of the last expired minute, still pending: completed by the request path while the purge runs.
    const [{ id: doomed }] = (await h.sql.query(`UPDATE sso.admin_audit_entry SET result = 'pending' WHERE id = (SELECT id FROM sso.admin_audit_entry WHERE requested_at < $1 ORDER BY requested_at DESC LIMIT 1) RETURNING id`, [cutoff])).rows;
    const purger = h.module.get(AdminAuditPurger);

    const requests = async () => {
      const done: string[] = [];
      for (let i = 0; i < 20; i++) {
        const id = randomUUID();
        await requestPath.query(
          `INSERT INTO sso.admin_audit_entry (id, requested_at, actor_name, actor_role, method, path, params, query, result) VALUES ($1, now(), 'alice', 'full', 'POST', '/admin/v1/merchants', '{}', '{}', 'pending')`,
          [id],
        );
        await requestPath.query(`UPDATE sso.admin_audit_entry SET result = 'ok', status = 201, completed_at = now() WHERE id = $1 AND result = 'pending'`, [id]);
        await requestPath.query(`SELECT id FROM sso.admin_audit_entry ORDER BY requested_at DESC, seq DESC LIMIT 50`);
        await requestPath.query(`UPDATE sso.admin_audit_entry SET status = 201 WHERE id = $1`, [doomed]);
        done.push(id);
      }
      return done;
    };
    const [first, recorded] = await Promise.all([purger.purgeOnce(), requests()]);
    expect(recorded).toHaveLength(20);
    expect(first.auditEntries).toBe(AUDIT_PURGE_BATCHES * AUDIT_PURGE_BATCH);
    expect(batches).toEqual(Array(AUDIT_PURGE_BATCHES).fill(AUDIT_PURGE_BATCH));

    // The rest over the next runs, each statement within the batch, the newer entries untouched.
    let runs = 1;
    while ((await purger.purgeOnce()).auditEntries > 0) runs++;
    expect(runs).toBe(Math.ceil(EXPIRED / (AUDIT_PURGE_BATCHES * AUDIT_PURGE_BATCH)));
    expect(Math.max(...batches)).toBeLessThanOrEqual(AUDIT_PURGE_BATCH);
    expect(batches.reduce((a, b) => a + b, 0)).toBe(EXPIRED);
    const left = (await h.sql.query(`SELECT count(*)::int AS n, count(*) FILTER (WHERE requested_at < $1)::int AS expired FROM sso.admin_audit_entry`, [cutoff])).rows[0];
    expect(left).toEqual({ n: ENTRIES - EXPIRED + 20, expired: 0 });
  }, 120_000);

});
