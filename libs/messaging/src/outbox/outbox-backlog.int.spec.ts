import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { PgSqlClient, createTestDatabase, describeWithInfra, messagingTablesSql } from '@dcp/testing';
import { outboxBacklog } from './outbox-backlog';

describeWithInfra(['postgres'], 'outboxBacklog on PostgreSQL', () => {
  let db: { url: string; drop: () => Promise<void> };
  let pool: Pool;
  let client: PgSqlClient;
  let schema: string;

  beforeAll(async () => {
    db = await createTestDatabase('dcp_outbox_backlog');
    pool = new Pool({ connectionString: db.url, max: 2 });
    // The spec's own DROP DATABASE … WITH (FORCE) ends idle connections; they report it on the pool.
    pool.on('error', () => undefined);
    client = new PgSqlClient(pool);
    schema = `svc_${randomUUID().slice(0, 8)}`;
    await pool.query(messagingTablesSql(schema));
  });
  afterAll(async () => {
    await pool.end();
    await db.drop();
  });

  const row = (createdSecondsAgo: number, published: boolean) =>
    pool.query(
      `INSERT INTO "${schema}".outbox_event (id, subject, payload, created_at, published_at) VALUES ($1, 's', '{}', now() - make_interval(secs => $2), ${published ? 'now()' : 'NULL'})`,
      [randomUUID(), createdSecondsAgo],
    );

  it('is empty (0 pending, age 0) for an outbox with nothing unpublished', async () => {
    await row(3600, true);
    expect(await outboxBacklog(client, schema)).toEqual({ pending: 0, oldestAgeSeconds: 0 });
  });

  it('counts unpublished rows and ages the oldest of them, ignoring published ones', async () => {
    await row(90, false);
    await row(5, false);
    const backlog = await outboxBacklog(client, schema);
    expect(backlog.pending).toBe(2);
    // The rows' ages were written by the spec: the oldest unpublished is 90 s old, the published one (1 h) does not count.
    expect(backlog.oldestAgeSeconds).toBeGreaterThanOrEqual(90);
    expect(backlog.oldestAgeSeconds).toBeLessThan(3600);
  });
});
