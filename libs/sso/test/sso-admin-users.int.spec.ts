/**
 * sso-service's operator look-ups of users (ADMIN_LOOKUP_RPC.getUser / searchUsers) and its outbox backlog
 * contract, against real PostgreSQL: users signed in through authorize_by_token under two merchants that
 * share a user uuid.
 */
import { ADMIN_LOOKUP_RPC, ErrorCode, SSO_RPC, type MerchantWithSecret, outboxBacklogContract } from '@dcp/contracts';
import { describeWithInfra, uniqueName } from '@dcp/testing';
import { type SsoHarness, rejection, startSsoHarness } from './sso-harness';

describeWithInfra(['postgres'], 'sso: operator look-ups of users (PostgreSQL)', () => {
  let h: SsoHarness;
  let acme: MerchantWithSecret;
  let globex: MerchantWithSecret;
  /** One uuid at the merchant's side, signed in under both merchants: two shadow users. */
  let uuid: string;
  let acmeOpenId: string;
  let globexOpenId: string;

  beforeAll(async () => {
    h = await startSsoHarness();
    acme = await h.createMerchant({ name: 'Acme Cameras' });
    globex = await h.createMerchant({ name: 'Globex Cameras' });
    const user = h.merchantUser({ uuid: uniqueName('shared-uuid'), name: 'Ann Shared' });
    uuid = user.uuid;
    const login = async (m: MerchantWithSecret) => (await h.rpc(SSO_RPC.ssoAuthorizeByToken, h.signed('/sso/authorize_by_token', { token: user.token }, m))).openId;
    acmeOpenId = await login(acme);
    globexOpenId = await login(globex);
  });
  afterAll(() => h?.close());

  it('reads a user by openId and by userId: merchant clientId and name, uuid, profile times', async () => {
    const byOpenId = await h.rpc(ADMIN_LOOKUP_RPC.getUser, { openId: acmeOpenId });
    expect(byOpenId).toEqual({
      userId: expect.any(Number),
      openId: acmeOpenId,
      uuid,
      username: expect.any(String),
      name: 'Ann Shared',
      merchant: { clientId: acme.clientId, name: 'Acme Cameras' },
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      lastSignInAt: expect.any(String),
    });
    expect(await h.rpc(ADMIN_LOOKUP_RPC.getUser, { userId: byOpenId.userId })).toEqual(byOpenId);
  });

  it('names the last sign-in sso-service still keeps: the first token of the user\'s latest login; none once its tokens are purged', async () => {
    const user = h.merchantUser({ uuid: uniqueName('sign-in'), name: 'Bob Twice' });
    const login = () => h.rpc(SSO_RPC.ssoAuthorizeByToken, h.signed('/sso/authorize_by_token', { token: user.token }, acme));
    const { openId } = await login();
    const latestLogin = async (userId: number) =>
      (await h.sql.query('SELECT max(first) AS at FROM (SELECT min(created_at) AS first FROM sso.token WHERE user_id = $1 GROUP BY family) f', [userId])).rows[0].at as Date | null;
    const first = await h.rpc(ADMIN_LOOKUP_RPC.getUser, { openId });
    expect(first.lastSignInAt).toBe((await latestLogin(first.userId))!.toISOString());
    await login();
    const second = await h.rpc(ADMIN_LOOKUP_RPC.getUser, { openId });
    const { rows } = await h.sql.query('SELECT count(DISTINCT family)::int AS n FROM sso.token WHERE user_id = $1', [first.userId]);
    expect(rows[0].n).toBe(2);
    expect(second.lastSignInAt).toBe((await latestLogin(first.userId))!.toISOString());
    expect(Date.parse(second.lastSignInAt!)).toBeGreaterThanOrEqual(Date.parse(first.lastSignInAt!));
    expect((await h.rpc(ADMIN_LOOKUP_RPC.searchUsers, { uuid: user.uuid })).items[0].lastSignInAt).toBe(second.lastSignInAt);
    await h.sql.query('DELETE FROM sso.token WHERE user_id = $1', [first.userId]);
    expect((await h.rpc(ADMIN_LOOKUP_RPC.getUser, { openId })).lastSignInAt).toBeNull();
  });

  it('answers ADMIN_NOT_FOUND for an unknown openId or userId, and refuses a request naming neither or both', async () => {
    expect(await rejection(h.rpc(ADMIN_LOOKUP_RPC.getUser, { openId: 'no-such-open-id' }))).toMatchObject({ code: ErrorCode.ADMIN_NOT_FOUND });
    expect(await rejection(h.rpc(ADMIN_LOOKUP_RPC.getUser, { userId: 2_000_000_000 }))).toMatchObject({ code: ErrorCode.ADMIN_NOT_FOUND });
    expect(await rejection(h.rpc(ADMIN_LOOKUP_RPC.getUser, {}))).toMatchObject({ code: ErrorCode.FC_INVALID_PARAMETER });
    expect(await rejection(h.rpc(ADMIN_LOOKUP_RPC.getUser, { openId: acmeOpenId, userId: 1 }))).toMatchObject({ code: ErrorCode.FC_INVALID_PARAMETER });
  });

  it('finds a uuid under every merchant, or under one clientId, paged with the total', async () => {
    const both = await h.rpc(ADMIN_LOOKUP_RPC.searchUsers, { uuid });
    expect(both.total).toBe(2);
    expect(both.items.map((u) => [u.openId, u.merchant.clientId])).toEqual([
      [acmeOpenId, acme.clientId],
      [globexOpenId, globex.clientId],
    ]);
    const last = { totalIsEstimate: false, nextCursor: null };
    expect(await h.rpc(ADMIN_LOOKUP_RPC.searchUsers, { uuid, clientId: globex.clientId })).toEqual({ items: [both.items[1]], total: 1, ...last });
    expect(await h.rpc(ADMIN_LOOKUP_RPC.searchUsers, { uuid, limit: '1', offset: '1' })).toEqual({ items: [both.items[1]], total: 2, ...last });
    expect(await h.rpc(ADMIN_LOOKUP_RPC.searchUsers, { uuid: 'nobody-has-this-uuid' })).toEqual({ items: [], total: 0, ...last });
    const first = await h.rpc(ADMIN_LOOKUP_RPC.searchUsers, { uuid, limit: '1' });
    expect(first).toEqual({ items: [both.items[0]], total: 2, totalIsEstimate: false, nextCursor: expect.any(String) });
    expect(await h.rpc(ADMIN_LOOKUP_RPC.searchUsers, { uuid, limit: '1', cursor: first.nextCursor })).toEqual({ items: [both.items[1]], total: 2, ...last });
    const otherUuid = await rejection(h.rpc(ADMIN_LOOKUP_RPC.searchUsers, { uuid: 'another', cursor: first.nextCursor }));
    expect(otherUuid).toMatchObject({ code: ErrorCode.ADMIN_VALIDATION_FAILED, failureDetails: 'invalid field cursor: issued for other filters: ask for the first page again without cursor' });
  });

  it.each([
    [{}, 'uuid'],
    [{ uuid: '' }, 'uuid'],
    [{ uuid: 'x'.repeat(129) }, 'uuid'],
    [{ uuid: 'u', clientId: 'c'.repeat(41) }, 'clientId'],
    [{ uuid: 'u', limit: '501' }, 'limit'],
    [{ uuid: 'u', offset: '-1' }, 'offset'],
    [{ uuid: 'u', offset: '10001' }, 'offset'],
    [{ uuid: 'u', cursor: 'garbage' }, 'cursor'],
    [{ uuid: ['a', 'b'] }, 'uuid'],
  ])('refuses the search %j naming %s', async (query, field) => {
    const err = await rejection(h.rpc(ADMIN_LOOKUP_RPC.searchUsers, query));
    expect(err).toMatchObject({ code: ErrorCode.ADMIN_VALIDATION_FAILED, failureDetails: expect.stringMatching(new RegExp(`^invalid field ${field}:`)) });
  });

  it('answers its outbox backlog', async () => {
    const backlog = await h.rpc(outboxBacklogContract('sso'), {});
    const { rows } = await h.sql.query('SELECT count(*)::int AS n FROM sso.outbox_event WHERE published_at IS NULL');
    expect(backlog).toEqual({ pending: rows[0].n, oldestAgeSeconds: expect.any(Number) });
  });
});
