/**
 * push-service's start-up re-encryption probe (decisions SK5) on real PostgreSQL: the merchants' provider
 * credentials still under an old SECRETS_KEY are found through the key-prefix index of push_provider (migration
 * 20261127125310_provider_key_prefix_index), not by scanning the table — pinned on 20,000 rows (generate_series,
 * then ANALYZE) — and the probe finds exactly the rows a rotation left behind, in (prefix, id) order.
 */
import { blocksTouching, captureStatements, describeWithInfra, plansTouching } from '@dcp/testing';
import { ProviderCredentials } from '../src/providers/provider-credentials';
import { type PushHarness, startPushHarness } from './push-harness';

const PROVIDERS = 20_000;

describeWithInfra(['postgres'], 'push-service: the re-encryption probe (PostgreSQL)', () => {
  let h: PushHarness;
  let credentials: ProviderCredentials;

  beforeAll(async () => {
    h = await startPushHarness();
    credentials = h.module.get(ProviderCredentials);
    await h.sql.query(
      `INSERT INTO push.push_provider (client_id, provider, ciphertext, summary, updated_at)
       SELECT 'merchant-' || i, 'fcm', $1 || md5(i::text), '{}', now() FROM generate_series(1, ${PROVIDERS}) i`,
      [credentials.currentPrefix],
    );
    await h.sql.query('ANALYZE push.push_provider');
  }, 60_000);
  afterAll(() => h?.close());

  it('probes the key-prefix index, from the start and after a row: none left, no scan of the table', async () => {
    const { statements } = await captureStatements(async () => {
      expect(await credentials.stale(undefined, 200)).toEqual([]);
      expect(await credentials.stale({ id: 7, clientId: 'merchant-7', provider: 'fcm', ciphertext: 'v1.old' }, 200)).toEqual([]);
    });
    const plans = await plansTouching(h.sql, statements, ['push_provider']);
    expect(plans).toHaveLength(2);
    expect(plans.filter((p) => p.wholeTableScans.length > 0)).toEqual([]);
    expect(plans.map((p) => [...new Set(p.indexes)])).toEqual([['push_provider_key_prefix_idx'], ['push_provider_key_prefix_idx']]);
    // An index walked from its start is no sequential scan: each probe reads two index descents (a walk, about a hundred pages).
    expect((await blocksTouching(h.sql, statements, ['push_provider'])).filter((c) => c.blocks > 20)).toEqual([]);
  });

  it('finds the rows under another key, below and above the current prefix, batch after batch', async () => {
    await h.sql.query(`UPDATE push.push_provider SET ciphertext = CASE client_id WHEN 'merchant-9' THEN 'zz.later' ELSE 'v1.earlier' END WHERE client_id IN ('merchant-9', 'merchant-4', 'merchant-6')`);
    const first = await credentials.stale(undefined, 2);
    expect(first.map((r) => [r.clientId, r.ciphertext])).toEqual([
      ['merchant-4', 'v1.earlier'],
      ['merchant-6', 'v1.earlier'],
    ]);
    expect((await credentials.stale(first[1], 2)).map((r) => [r.clientId, r.ciphertext])).toEqual([['merchant-9', 'zz.later']]);
  });
});
