/**
 * The platform's signature flow, as merchants drive it: a user signs in, binds cameras, is granted and
 * activates a cloud plan; the merchant deletes the user and sends the DELETE callback — and the user is
 * gone everywhere (tokens, devices, grants), carried by durable events, while nobody else is touched.
 * In embedded mode and against real PostgreSQL + NATS JetStream.
 */
import { EVENTS, type EventEnvelope, colonMac } from '@dcp/contracts';
import { describeWithInfra, expectEvent } from '@dcp/testing';
import { type Mode, type TestPlatform, startTestPlatform } from './harness';
import { type Body, MerchantApp, admin, deviceForm } from './merchant-app';

function deletionSuite(mode: Mode) {
  let t: TestPlatform;
  let merchant: MerchantApp;

  beforeAll(async () => {
    t = await startTestPlatform(mode);
    merchant = await MerchantApp.register(t);
    const plan = await admin(t, 'POST', '/permissions', { permissionCode: 'CLOUD30', permissionName: 'Cloud storage 30 days', permissionType: 1, durationDays: 30 });
    expect(plan.status).toBe(201);
  });
  afterAll(async () => {
    await merchant?.close();
    await t?.close();
  });

  const grant = async (openId: string, ipcMac?: string) => {
    const res = await admin(t, 'POST', '/grants', { openId, permissionCode: 'CLOUD30', ...(ipcMac ? { ipcMac } : {}) });
    expect(res.status).toBe(201);
    return Number(res.body.grantId);
  };

  it('removes the deleted user\'s tokens, devices and grants, and leaves every other user as they were', async () => {
    const ada = await merchant.signIn('Ada Lovelace');
    const bob = await merchant.signIn('Bob Bystander');
    // Canonical MACs (12 upper-case hex digits); Ada's app sends hers in the colon form, answered canonical.
    const adaMacs = ['0A0000000001', '0A0000000002'];
    const bobMac = '0B0000000001';
    for (const mac of adaMacs) expect((await merchant.post('user_ipc_setting_v2_0.addOemDevice', ada.credentials, deviceForm(colonMac(mac)!.toLowerCase()))).body.errorCode).toBe('');
    expect((await merchant.post('user_ipc_setting_v2_0.addOemDevice', bob.credentials, deviceForm(bobMac))).body.errorCode).toBe('');

    const adaActive = await grant(ada.credentials.openId, adaMacs[0]);
    const adaWaiting = await grant(ada.credentials.openId);
    const bobActive = await grant(bob.credentials.openId, bobMac);
    expect((await merchant.post('permission.active', ada.credentials, { grantId: adaActive, ipcMac: adaMacs[0] })).body.errorCode).toBe('');
    expect((await merchant.post('permission.active', bob.credentials, { grantId: bobActive, ipcMac: bobMac })).body.errorCode).toBe('');

    // Every consequence is an event: subscribe before the callback, await after it (never sleep).
    const adaUserId = await userIdOf(ada.credentials.openId);
    const unbound = await Promise.all(
      adaMacs.map((mac) => expectEvent(t.platform.runtime.events, EVENTS.deviceUnbound.subject, (e) => (e.data as { macAddr: string }).macAddr === mac, 15_000)),
    );
    const revoked = await Promise.all(
      [adaActive, adaWaiting].map((grantId) => expectEvent(t.platform.runtime.events, EVENTS.grantRevoked.subject, (e) => (e.data as { grantId: number }).grantId === grantId, 15_000)),
    );

    const res = await merchant.deleteUser(ada.uuid);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ errorCode: '', failureDetails: '' });

    const unboundEvents: EventEnvelope[] = await Promise.all(unbound.map((u) => u.arrived));
    for (const e of unboundEvents) expect(e.data).toMatchObject({ userId: adaUserId, reason: 'user-deleted' });
    for (const r of revoked) expect((await r.arrived).data).toMatchObject({ userId: adaUserId });

    // Ada: tokens gone…
    expect((await merchant.get('user_ipc_setting_v2_0.getOemDeviceByUser', ada.credentials)).body.errorCode).toBe('030030');
    expect((await merchant.sso('/sso/refresh_token', { refreshToken: ada.refreshToken })).body.errorCode).toBe('030091');
    // …devices unbound (another user may bind them now)…
    expect((await merchant.post('user_ipc_setting_v2_0.addOemDevice', bob.credentials, deviceForm(adaMacs[1]))).body.errorCode).toBe('');
    // …and every grant revoked.
    const adaGrants = await admin(t, 'GET', `/grants?openId=${ada.credentials.openId}`);
    expect((adaGrants.body.items as Body[]).map((g) => [g.grantId, g.revokedAt !== null])).toEqual(
      expect.arrayContaining([
        [adaActive, true],
        [adaWaiting, true],
      ]),
    );

    // Bob is untouched: his device, his active plan, his sign-in.
    const bobDevices = await merchant.get('user_ipc_setting_v2_0.getOemDeviceByUser', bob.credentials);
    expect((bobDevices.body.data as Body[]).map((d) => d.macAddr)).toEqual([bobMac, adaMacs[1]]);
    const bobValid = await merchant.get('permission.query_user_ipcs_valid', bob.credentials);
    expect((bobValid.body.data as Body[]).map((g) => [g.grantId, g.ipcMac, g.grantStatus])).toEqual([[bobActive, bobMac, 3]]);

    // The callback again: harmless.
    expect((await merchant.sso('/sso/user_callback', { operation: 'DELETE', uuid: ada.uuid })).status).toBe(200);
  });

  async function userIdOf(openId: string): Promise<number> {
    const res = await admin(t, 'GET', `/grants?openId=${openId}`);
    const items = res.body.items as Body[];
    if (items.length === 0) throw new Error(`no grant of ${openId} to read its userId from`);
    return Number(items[0].userId);
  }
}

describe('user deletion propagates everywhere (embedded)', () => deletionSuite('embedded'));
describeWithInfra(['postgres', 'nats'], 'user deletion propagates everywhere (distributed: PostgreSQL + NATS)', () => deletionSuite('distributed'));
