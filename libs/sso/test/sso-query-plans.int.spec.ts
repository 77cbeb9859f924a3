/**
 * Issue 23 on sso-service: the operator's user look-ups (by openId, by userId, by the merchant's uuid, first
 * page and after a cursor), the audit log with each of its filters (page and count), and the start-up
 * re-encryption probes (decisions SK5) reach their rows through an index at any size. Pinned on 200,000 users,
 * tokens, sub-service rows and audit entries and 20,000 merchants (generate_series, then ANALYZE): every statement
 * those paths send is captured and its plan asked of PostgreSQL with the same parameters; none may scan a whole
 * table.
 */
import { ADMIN_LOOKUP_RPC, SSO_AUDIT_RPC, listPaging, parseAuditListQuery } from '@dcp/contracts';
import { blocksTouching, captureStatements, describeWithInfra, indexesOf, planOf, plansTouching, wholeTableScans } from '@dcp/testing';
import { z } from 'zod';
import { ExpiredDataPurger } from '../src/maintenance/expired-data.purger';
import { MerchantRepository } from '../src/merchants/merchant.repository';
import { MerchantSecrets } from '../src/merchants/merchant-secrets';
import { SubServiceRepository } from '../src/sub-service/sub-service.repository';
import { startSsoHarness, type SsoHarness } from './sso-harness';

const ROWS = 200_000;
const MERCHANTS = 20_000;
/** Users are spread over the first ten merchants; uuid N is user N's at merchant N % 10 + 1. */
const USER_MERCHANTS = 10;
const BIG_TABLES = ['user', 'token', 'sub_service_info', 'admin_audit_entry'];
/** Pages a probe may touch: two descents of a key-prefix index (a walk of its 200,000 entries touches about a thousand). */
const PROBE_BLOCKS = 20;
/** The audit log's pages, as its use case pages it (the same list name and key make the same cursors). */
const AUDIT_PAGES = listPaging('audit', z.tuple([z.number().int().nonnegative(), z.string()]));

describeWithInfra(['postgres'], 'sso-service: query plans at scale (PostgreSQL)', () => {
  let h: SsoHarness;
  let prefix: string;

  beforeAll(async () => {
    h = await startSsoHarness();
    prefix = h.module.get(MerchantSecrets).currentPrefix;
    // Every secret under the current key, as after a completed re-encryption: the probes must find none, fast.
    await h.sql.query(
      `INSERT INTO sso.merchant (client_id, name, token_validation_url, user_profile_url, secret_ciphertext, previous_secret_ciphertext,
         access_token_ttl_seconds, refresh_token_ttl_seconds, updated_at)
       SELECT 'scale-client-' || i, 'Merchant ' || i, 'https://m.example/t', 'https://m.example/p', $1 || md5(i::text),
         CASE WHEN i % 2 = 0 THEN $1 || md5('p' || i) END, 7200, 2592000, now()
       FROM generate_series(1, ${MERCHANTS}) i`,
      [prefix],
    );
    const { rows } = await h.sql.query<{ id: number }>(`SELECT id FROM sso.merchant WHERE client_id = 'scale-client-1'`);
    const first = rows[0].id;
    await h.sql.query(
      `INSERT INTO sso."user" (merchant_id, uuid, open_id, username, name, updated_at)
       SELECT ${first} + i % ${USER_MERCHANTS}, 'uuid-' || i, 'scale-open-' || i, 'user' || i, 'User ' || i, now() FROM generate_series(1, ${ROWS}) i`,
    );
    await h.sql.query(
      `INSERT INTO sso.token (hash, kind, user_id, family, expires_at)
       SELECT md5('t' || u.id) || md5('u' || u.id), 'ACCESS', u.id, gen_random_uuid(), now() + interval '1 hour' FROM sso."user" u`,
    );
    await h.sql.query(
      `INSERT INTO sso.sub_service_info (user_id, subtoken_ciphertext, area, tag, store_tag, alexa_tag, rekognition_tag, url, send_msg_url,
         send_msg_url_secure, store_url, alexa_url, channel_count)
       SELECT u.id, $1 || md5('s' || u.id), 'eu', 'tag', 'store', 'alexa', 'rek', '', '', '', '', '', 1 FROM sso."user" u`,
      [prefix],
    );
    // Audit entries a second apart, newest now: five actors and four tags in turn, a few refusals and pending ones.
    await h.sql.query(
      `INSERT INTO sso.admin_audit_entry (id, requested_at, actor_name, actor_role, method, route, tag, path, params, query, result)
       SELECT gen_random_uuid(), now() - i * interval '1 second', 'actor-' || (i % 5), 'full', (ARRAY['POST', 'PATCH', 'PUT', 'DELETE'])[i % 4 + 1],
         '/admin/v1/merchants', (ARRAY['merchants', 'grants', 'permissions', 'maintenance'])[i % 4 + 1], '/admin/v1/merchants/m' || (i % 50), '{}', '{}',
         CASE WHEN i % 997 = 0 THEN 'pending' WHEN i % 101 = 0 THEN 'refused' ELSE 'ok' END
       FROM generate_series(1, ${ROWS}) i`,
    );
    // Signatures seen over the last ten minutes, a quarter of them past their window.
    await h.sql.query(
      `INSERT INTO sso.used_signature (client_id, sign, expires_at)
       SELECT 'scale-client-' || (i % 100), md5('sig' || i), now() + interval '5 minutes' - (i % 400) * interval '1 second' FROM generate_series(1, ${ROWS}) i`,
    );
    for (const table of ['merchant', '"user"', 'token', 'sub_service_info', 'admin_audit_entry', 'used_signature']) await h.sql.query(`ANALYZE sso.${table}`);
  }, 60_000);
  afterAll(() => h?.close());

  const wholeScans = (plans: Awaited<ReturnType<typeof plansTouching>>) => plans.filter((p) => p.wholeTableScans.length > 0);

  it('a user by openId and by userId (with the last sign-in), users by uuid, first page and after a cursor', async () => {
    const { statements } = await captureStatements(async () => {
      const user = await h.rpc(ADMIN_LOOKUP_RPC.getUser, { openId: 'scale-open-77' });
      expect(user).toMatchObject({ uuid: 'uuid-77', lastSignInAt: expect.any(String) });
      await h.rpc(ADMIN_LOOKUP_RPC.getUser, { userId: user.userId });
      const byUuid = await h.rpc(ADMIN_LOOKUP_RPC.searchUsers, { uuid: 'uuid-77', limit: '1' });
      expect(byUuid).toMatchObject({ total: 1, totalIsEstimate: false, nextCursor: null });
      await h.rpc(ADMIN_LOOKUP_RPC.searchUsers, { uuid: 'uuid-77', clientId: 'scale-client-8' });
      const first = await h.rpc(ADMIN_LOOKUP_RPC.searchUsers, { uuid: 'uuid-77', limit: '1', offset: '0' });
      await h.rpc(ADMIN_LOOKUP_RPC.searchUsers, { uuid: 'uuid-77', limit: '1', cursor: first.nextCursor ?? undefined });
    });
    const plans = await plansTouching(h.sql, statements, BIG_TABLES);
    expect(plans.length).toBeGreaterThanOrEqual(10);
    expect(wholeScans(plans)).toEqual([]);
  });

  it.each<[string, Record<string, string>]>([
    ['no filter', {}],
    ['one actor', { actor: 'actor-3' }],
    ['one tag', { tag: 'grants' }],
    ['one result (rare)', { result: 'pending' }],
    ['one method', { method: 'DELETE' }],
    ['a path prefix', { path: '/merchants/m7' }],
    ['a time range', { from: new Date(Date.now() - 3_600_000).toISOString(), to: new Date(Date.now() - 1_800_000).toISOString() }],
  ])('the audit log, %s: page, count and the page after a cursor through an index', async (_name, filter) => {
    const { statements } = await captureStatements(async () => {
      const first = await h.rpc(SSO_AUDIT_RPC.list, { query: { ...filter, limit: '50' } });
      expect(first.items.length).toBeGreaterThan(0);
      if (first.nextCursor !== null) await h.rpc(SSO_AUDIT_RPC.list, { query: { ...filter, limit: '50', cursor: first.nextCursor } });
    });
    const plans = await plansTouching(h.sql, statements, BIG_TABLES);
    expect(plans.length).toBeGreaterThanOrEqual(2);
    expect(wholeScans(plans)).toEqual([]);
  });

  it.each<[string, Record<string, string>]>([
    ['no filter', {}],
    ['a time range ending before the cursor', { to: new Date(Date.now() - 60_000).toISOString() }],
    ['one actor', { actor: 'actor-3' }],
  ])('a page 150,000 entries deep after a cursor costs what the first page does (%s)', async (_name, query) => {
    const filter = parseAuditListQuery(query);
    const { rows } = await h.sql.query<{ at: string; seq: string }>(
      `SELECT (extract(epoch FROM requested_at) * 1000)::bigint::text AS at, seq::text AS seq FROM sso.admin_audit_entry
       WHERE ($1::text IS NULL OR actor_name = $1) AND ($2::timestamptz IS NULL OR requested_at < $2) ORDER BY requested_at DESC, seq DESC OFFSET $3 LIMIT 1`,
      [filter.actor ?? null, filter.to ?? null, query.actor ? 30_000 : 150_000],
    );
    const deep = AUDIT_PAGES.answer([rows[0], rows[0]], AUDIT_PAGES.resolve({ limit: '1' }, filter), filter, { total: 0, totalIsEstimate: false }, (r) => [Number(r.at), r.seq], (r) => r).nextCursor;
    const { statements } = await captureStatements(async () => {
      await h.rpc(SSO_AUDIT_RPC.list, { query: { ...query, limit: '50' } });
      expect((await h.rpc(SSO_AUDIT_RPC.list, { query: { ...query, limit: '50', cursor: deep } })).items).toHaveLength(50);
    });
    const pages = (await blocksTouching(h.sql, statements, BIG_TABLES)).filter((c) => c.statement.includes('AS "requestedAt"'));
    expect(pages).toHaveLength(2);
    expect(pages[1].blocks).toBeLessThanOrEqual(pages[0].blocks * 2 + 20);
  });

  it('counts the whole log as an estimate and a rare result exactly', async () => {
    expect(await h.rpc(SSO_AUDIT_RPC.list, { query: { limit: '1' } })).toMatchObject({ totalIsEstimate: true, total: expect.any(Number) });
    const pending = await h.rpc(SSO_AUDIT_RPC.list, { query: { result: 'pending', limit: '1' } });
    const { rows } = await h.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM sso.admin_audit_entry WHERE result = 'pending'`);
    expect(pending).toMatchObject({ total: rows[0].n, totalIsEstimate: false });
  });

  it('the purge of expired signatures and tokens: oldest first through their expiry indexes, never the whole table (GT7)', async () => {
    const purger = h.module.get(ExpiredDataPurger);
    const { statements } = await captureStatements(async () => {
      const purged = await purger.purgeOnce();
      expect(purged.signatures).toBeGreaterThan(0);
      expect(purged.tokens).toBe(0);
    });
    // The DELETEs' plans (EXPLAIN without ANALYZE: nothing runs again).
    const deletes = statements.filter((st) => /^\s*DELETE\b/i.test(st.text));
    const plans = await Promise.all(deletes.map(async (st) => planOf(h.sql, st)));
    expect(plans.length).toBeGreaterThanOrEqual(2);
    expect(plans.flatMap((plan) => wholeTableScans(plan, ['used_signature', 'token']))).toEqual([]);
    expect(new Set(plans.flatMap((plan) => indexesOf(plan)))).toEqual(new Set(['used_signature_expires_at_idx', 'token_expires_at_idx']));
  });

  it('the start-up probes for secrets under an old key: index range scans beside the current prefix', async () => {
    const merchants = h.module.get(MerchantRepository);
    const subServices = h.module.get(SubServiceRepository);
    const { statements } = await captureStatements(async () => {
      expect(await merchants.staleSecrets('secret', undefined, 200, prefix)).toEqual([]);
      expect(await merchants.staleSecrets('previousSecret', undefined, 200, prefix)).toEqual([]);
      expect(await subServices.staleSubtokens(undefined, 200)).toEqual([]);
      expect(await subServices.staleSubtokens({ userId: 12, subtokenCiphertext: 'plainSubtoken' }, 200)).toEqual([]);
    });
    const plans = await plansTouching(h.sql, statements, [...BIG_TABLES, 'merchant']);
    expect(plans).toHaveLength(4);
    expect(wholeScans(plans)).toEqual([]);
    expect(plans.map((p) => [...new Set(p.indexes)])).toEqual([
      ['merchant_secret_key_prefix_idx'],
      ['merchant_previous_secret_key_prefix_idx'],
      ['sub_service_info_subtoken_key_prefix_idx'],
      ['sub_service_info_subtoken_key_prefix_idx'],
    ]);
    // An index walked from its start is no sequential scan: what each probe touched says it read two index descents.
    expect((await blocksTouching(h.sql, statements, [...BIG_TABLES, 'merchant'])).filter((c) => c.blocks > PROBE_BLOCKS)).toEqual([]);
  });
});
