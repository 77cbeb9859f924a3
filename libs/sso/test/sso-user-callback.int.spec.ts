/**
 * user_callback (spec 4.1, 6.2) end to end: UPDATE refreshes the shadow account, DELETE removes it with all
 * its tokens and exactly one user.deleted event in one transaction; repeats are harmless.
 */
import { ErrorCode, EVENTS, SSO_RPC, type MerchantWithSecret } from '@dcp/contracts';
import { describeWithInfra, expectEvent } from '@dcp/testing';
import { rejection, startSsoHarness, type SsoHarness } from './sso-harness';

describeWithInfra(['postgres'], 'sso: user_callback (PostgreSQL)', () => {
  let h: SsoHarness;
  let merchant: MerchantWithSecret;

  beforeAll(async () => {
    h = await startSsoHarness();
    merchant = await h.createMerchant();
  });
  afterAll(() => h?.close());

  const callback = (params: Record<string, string>) => h.rpc(SSO_RPC.ssoUserCallback, h.signed('/sso/user_callback', params, merchant));
  const login = (token: string) => h.rpc(SSO_RPC.ssoAuthorizeByToken, h.signed('/sso/authorize_by_token', { token }, merchant));
  const outboxCount = async (subject: string, uuid: string) =>
    (await h.sql.query(`SELECT count(*)::int AS n FROM sso.outbox_event WHERE subject = $1 AND payload->'data'->>'uuid' = $2`, [subject, uuid])).rows[0].n as number;

  it.each([
    [{ uuid: 'u' }, 'operation'],
    [{ operation: 'MERGE', uuid: 'u' }, 'operation'],
    [{ operation: 'DELETE' }, 'uuid'],
    [{ operation: 'UPDATE', uuid: '' }, 'uuid'],
  ])('refuses %j with SSO_PARAMETER_INVALID naming %s', async (params, name) => {
    const err = await rejection(callback(params));
    expect(err.code).toBe(ErrorCode.SSO_PARAMETER_INVALID);
    expect(err.failureDetails).toContain(name);
  });

  it('UPDATE fetches get_user_profile, updates the shadow account and publishes user.updated', async () => {
    const { uuid, token } = h.merchantUser({ name: 'Old Name' });
    const { openId } = await login(token);
    h.sandbox.store.update(uuid, { name: 'New Name', nickname: 'nn', country: 'FR' });
    const updated = await expectEvent(h.runtime.events, EVENTS.userUpdated.subject, (e) => (e.data as { uuid: string; created: boolean }).uuid === uuid && !(e.data as { created: boolean }).created);
    await expect(callback({ operation: 'UPDATE', uuid })).resolves.toEqual({});
    expect((await updated.arrived).data).toMatchObject({ uuid, openId, clientId: merchant.clientId, created: false });
    const { rows } = await h.sql.query('SELECT name, nickname, country FROM sso."user" WHERE uuid = $1', [uuid]);
    expect(rows).toEqual([{ name: 'New Name', nickname: 'nn', country: 'FR' }]);
  });

  it('UPDATE of a user the merchant does not know → SSO_USER_NOT_FOUND', async () => {
    const err = await rejection(callback({ operation: 'UPDATE', uuid: 'not-at-the-merchant' }));
    expect(err.code).toBe(ErrorCode.SSO_USER_NOT_FOUND);
    expect(err.failureDetails).toContain('user profile not exists');
  });

  it('DELETE while the merchant still returns the user → SSO_USER_STILL_EXISTS, nothing deleted', async () => {
    const { uuid, token } = h.merchantUser();
    const tokens = await login(token);
    const err = await rejection(callback({ operation: 'DELETE', uuid }));
    expect(err.code).toBe(ErrorCode.SSO_USER_STILL_EXISTS);
    expect(err.failureDetails).toMatch(/still returns user/);
    await expect(h.rpc(SSO_RPC.ssoVerifyAccessToken, { clientId: merchant.clientId, openId: tokens.openId, accessToken: tokens.accessToken })).resolves.toBeDefined();
    expect(await outboxCount(EVENTS.userDeleted.subject, uuid)).toBe(0);
  });

  it('DELETE confirmed by the merchant: user gone, every token revoked, exactly one user.deleted; repeats are harmless', async () => {
    const { uuid, token } = h.merchantUser();
    const first = await login(token);
    const second = await login(h.sandbox.store.issueToken(uuid) as string);
    const { rows: before } = await h.sql.query('SELECT id FROM sso."user" WHERE uuid = $1', [uuid]);
    const userId = before[0].id as number;
    h.sandbox.store.delete(uuid);

    const deleted = await expectEvent(h.runtime.events, EVENTS.userDeleted.subject, (e) => (e.data as { uuid: string }).uuid === uuid);
    // The reply names the revoked user, so the edge that carried the callback drops its token cache at once.
    await expect(callback({ operation: 'DELETE', uuid })).resolves.toEqual({ revokedUserId: userId });
    expect((await deleted.arrived).data).toEqual({ userId, openId: first.openId, clientId: merchant.clientId, uuid });

    expect((await h.sql.query('SELECT count(*)::int AS n FROM sso."user" WHERE uuid = $1', [uuid])).rows[0].n).toBe(0);
    expect((await h.sql.query('SELECT count(*)::int AS n FROM sso.token WHERE user_id = $1', [userId])).rows[0].n).toBe(0);
    for (const t of [first, second]) {
      expect((await rejection(h.rpc(SSO_RPC.ssoVerifyAccessToken, { clientId: merchant.clientId, openId: t.openId, accessToken: t.accessToken }))).code).toBe(ErrorCode.FC_AUTH_OPENID_NOT_EXISTS);
      expect((await rejection(h.rpc(SSO_RPC.ssoRefreshToken, h.signed('/sso/refresh_token', { refreshToken: t.refreshToken }, merchant)))).code).toBe(ErrorCode.SSO_TOKEN_INFO_NOT_EXISTS);
    }

    // Repeats (also concurrent ones) succeed and add no event.
    await expect(callback({ operation: 'DELETE', uuid })).resolves.toEqual({});
    await Promise.all([callback({ operation: 'DELETE', uuid }), callback({ operation: 'DELETE', uuid })]);
    expect(await outboxCount(EVENTS.userDeleted.subject, uuid)).toBe(1);
  });

  it('concurrent DELETE callbacks for one user write exactly one user.deleted', async () => {
    const { uuid, token } = h.merchantUser();
    await login(token);
    h.sandbox.store.delete(uuid);
    const deleted = await expectEvent(h.runtime.events, EVENTS.userDeleted.subject, (e) => (e.data as { uuid: string }).uuid === uuid);
    await Promise.all([callback({ operation: 'DELETE', uuid }), callback({ operation: 'DELETE', uuid }), callback({ operation: 'DELETE', uuid })]);
    await deleted.arrived;
    expect(await outboxCount(EVENTS.userDeleted.subject, uuid)).toBe(1);
  });

  it('DELETE of a user who never signed in is a success without an event', async () => {
    await expect(callback({ operation: 'DELETE', uuid: 'never-signed-in' })).resolves.toEqual({});
    expect(await outboxCount(EVENTS.userDeleted.subject, 'never-signed-in')).toBe(0);
  });
});
