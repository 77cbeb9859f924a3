/**
 * Permissions end to end, exactly as an operator and a merchant's app drive them: the admin API fills the
 * catalogue and grants plans; the app signs its user in (spec 5.1), adds devices through
 * user_ipc_setting_v2_0.addOemDevice and calls permission.query_user_not_active, permission.active,
 * permission.query_user_ipcs_valid and fcmall.get_current_service (spec 2.5, 2.6, 3.2, 4.4, 7.3). Removing
 * a device (device.unbound) and deleting the user (user.deleted) reach permission-service over the event
 * backbone, and each grant they end is announced (grant.revoked) — in embedded and in distributed mode.
 */
import { EVENTS, colonMac } from '@dcp/contracts';
import { signedHeaders } from '@dcp/signing';
import { describeWithInfra, expectEvent, getQuery, onIncrement, postForm, requestJson } from '@dcp/testing';
// The reference merchant is a separate party on the network, not a dependency of the platform.
import { type MerchantSandbox, startMerchantSandbox } from '@dcp/merchant-sandbox';
import { type Mode, type TestPlatform, startTestPlatform } from './harness';

type Body = Record<string, unknown>;

interface Merchant {
  clientId: string;
  clientSecret: string;
}

interface AppUser {
  uuid: string;
  openId: string;
  creds: { clientId: string; openId: string; accessToken: string };
}

const DAY_S = 86_400;
let macCounter = 0;
/** A MAC no other test of this platform uses. */
/** Canonical MACs (12 upper-case hex digits, as merchants' apps send them). */
const newMac = () => `0200000000${(++macCounter).toString(16).padStart(2, '0').toUpperCase()}`;
/** The colon spelling of a MAC: accepted on input, never answered. */
const colon = (mac: string) => colonMac(mac)!;

function permissionSuite(mode: Mode) {
  let t: TestPlatform;
  let merchantSite: MerchantSandbox;
  let merchant: Merchant;
  /** permission-service's consumer outcomes, observed on dcp_events_consumed_total (counted after commit). */
  const consumed: Array<{ subject: string; outcome: string }> = [];
  let consumedWaiters: Array<() => boolean> = [];

  const admin = (method: string, path: string, body?: unknown, token: string = t.adminToken) =>
    requestJson<Body>(method, `${t.adminUrl}/admin/v1${path}`, body, token ? { authorization: `Bearer ${token}` } : {});

  /** Signs the merchant user in (spec 4.1, 5.1) with a fresh merchant token; same uuid → same openId. */
  async function login(uuid: string): Promise<AppUser> {
    const params = { token: merchantSite.store.issueToken(uuid)! };
    const headers = signedHeaders({ method: 'POST', path: '/sso/authorize_by_token', params, clientId: merchant.clientId, clientSecret: merchant.clientSecret, now: t.clock.now() });
    const res = await postForm(t.baseUrl, '/sso/authorize_by_token', params, headers);
    expect(res.status).toBe(200);
    const openId = String(res.body.openId);
    return { uuid, openId, creds: { clientId: merchant.clientId, openId, accessToken: String(res.body.accessToken) } };
  }

  async function newUser(name: string): Promise<AppUser> {
    const user = merchantSite.store.create({ username: `${name.toLowerCase().replace(/\W/g, '')}@example.com`, name });
    return login(user.uuid);
  }

  const get = async (service: string, user: AppUser, params: Record<string, string> = {}) => (await getQuery<Body>(t.baseUrl, '/gateway', { service, ...user.creds, ...params })).body;
  const post = async (service: string, user: AppUser, params: Record<string, string> = {}) => (await postForm<Body>(t.baseUrl, `/gateway?service=${service}`, { ...user.creds, ...params })).body;

  async function addDevice(user: AppUser, macAddr: string, supportStore: 0 | 1 = 1): Promise<void> {
    const res = await post('user_ipc_setting_v2_0.addOemDevice', user, {
      macAddr,
      deviceName: 'Front door',
      username: 'admin',
      password: 'secret',
      hasusertag: '0',
      supportStore: String(supportStore),
      supportRichMedia: '0',
      productName: 'Cam 1',
      oemCode: 'ACME',
    });
    expect(res).toEqual({ errorCode: '', failureDetails: '' });
  }

  async function grant(user: AppUser, permissionCode: string, ipcMac?: string): Promise<Body> {
    const res = await admin('POST', '/grants', { openId: user.openId, permissionCode, ...(ipcMac ? { ipcMac } : {}) });
    expect(res.status).toBe(201);
    return res.body;
  }

  /** Resolves once permission-service's consumer has handled one more event of `subject`; call before acting. */
  function nextConsumed(subject: string): Promise<string> {
    const from = consumed.length;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`permission-service did not handle ${subject} within 10 s`)), 10_000);
      const check = () => {
        const hit = consumed.slice(from).find((c) => c.subject === subject && c.outcome !== 'failed');
        if (!hit) return false;
        clearTimeout(timer);
        resolve(hit.outcome);
        return true;
      };
      consumedWaiters.push(check);
    });
  }

  beforeAll(async () => {
    t = await startTestPlatform(mode);
    onIncrement(t.platform.runtime.metrics, (name, labels) => {
      if (name === 'dcp_events_consumed_total' && labels.service === 'permission') {
        consumed.push({ subject: labels.subject, outcome: labels.outcome });
        consumedWaiters = consumedWaiters.filter((check) => !check());
      }
    });
    merchantSite = await startMerchantSandbox({ now: () => t.clock.now() });
    const res = await admin('POST', '/merchants', { name: 'Acme Cameras', tokenValidationUrl: `${merchantSite.url}/idp/is_valid_token`, userProfileUrl: `${merchantSite.url}/idp/get_user_profile` });
    expect(res.status).toBe(201);
    merchant = res.body as unknown as Merchant;
  });
  afterAll(async () => {
    await merchantSite?.close();
    await t?.close();
  });

  describe('catalogue (admin API)', () => {
    it('adds plans (201) with defaults, lists them', async () => {
      const paid = await admin('POST', '/permissions', { permissionCode: 'cloud-30', permissionName: 'Cloud recording 30 days', permissionType: 1, durationDays: 30, belongServer: 'cloud', channelCount: 2 });
      expect(paid.status).toBe(201);
      expect(paid.body).toEqual({
        permissionCode: 'cloud-30',
        permissionName: 'Cloud recording 30 days',
        permissionType: 1,
        durationDays: 30,
        belongServer: 'cloud',
        channelCount: 2,
        bpi: false,
        retentionDays: null,
        createdAt: expect.any(String),
      });
      for (const body of [
        { permissionCode: 'cloud-1', permissionName: 'Cloud recording 1 day', permissionType: 1, durationDays: 1 },
        { permissionCode: 'bpi-30', permissionName: 'BPI 30 days', permissionType: 1, durationDays: 30, bpi: true },
        { permissionCode: 'free-7', permissionName: 'Free week', permissionType: 2, durationDays: 7 },
      ]) {
        expect((await admin('POST', '/permissions', body)).status).toBe(201);
      }
      const list = await admin('GET', '/permissions');
      expect(list.status).toBe(200);
      expect(list.body.total).toBe(4);
      expect(list.body.items).toContainEqual(expect.objectContaining({ permissionCode: 'free-7', belongServer: '', channelCount: 1, bpi: false, retentionDays: null }));
    });

    it('refuses an invalid plan with 400 naming the field, a taken code with 409, a wrong admin token with 401', async () => {
      const bad = await admin('POST', '/permissions', { permissionCode: 'x', permissionName: 'X', permissionType: 5, durationDays: 1 });
      expect(bad.status).toBe(400);
      expect(bad.body.errorCode).toBe('AD0400');
      expect(String(bad.body.failureDetails)).toContain('permissionType');
      const dup = await admin('POST', '/permissions', { permissionCode: 'cloud-30', permissionName: 'Again', permissionType: 1, durationDays: 1 });
      expect(dup.status).toBe(409);
      expect(dup.body.errorCode).toBe('AD0409');
      expect((await admin('POST', '/permissions', { permissionCode: 'y', permissionName: 'Y', permissionType: 1, durationDays: 1 }, 'wrong')).status).toBe(401);
      expect((await admin('GET', '/permissions', undefined, '')).status).toBe(401);
    });
  });

  describe('grants (admin API)', () => {
    it('grants a paid plan waiting for activation (201, grantStatus 1), readable and listed by openId', async () => {
      const user = await newUser('Grant Holder');
      const before = t.clock.now();
      const g = await grant(user, 'cloud-30');
      expect(g).toMatchObject({ grantId: expect.any(Number), openId: user.openId, ipcMac: null, permissionCode: 'cloud-30', permissionType: 1, grantStatus: 1, startTime: null, endTime: null, revokedAt: null });
      expect(g.initTime as number).toBeGreaterThanOrEqual(before);
      expect(g.initTime as number).toBeLessThanOrEqual(t.clock.now());
      const read = await admin('GET', `/grants/${g.grantId}`);
      expect(read.status).toBe(200);
      expect(read.body).toEqual(g);
      const list = await admin('GET', `/grants?openId=${user.openId}`);
      expect(list.body).toEqual({ items: [g], total: 1, totalIsEstimate: false, nextCursor: null });
      expect((await admin('GET', '/grants/not-a-number')).status).toBe(404);
    });

    it('refuses an unknown openId or plan (404), a device the user does not own (409), a malformed MAC (400)', async () => {
      const user = await newUser('Picky Grantee');
      const someoneElse = await newUser('Device Owner');
      const mac = newMac();
      await addDevice(someoneElse, mac);
      const unknownUser = await admin('POST', '/grants', { openId: 'no-such-open-id', permissionCode: 'cloud-30' });
      expect(unknownUser.status).toBe(404);
      expect((await admin('POST', '/grants', { openId: user.openId, permissionCode: 'no-such-plan' })).status).toBe(404);
      const notOwned = await admin('POST', '/grants', { openId: user.openId, permissionCode: 'cloud-30', ipcMac: colon(mac).toLowerCase() });
      expect(notOwned.status).toBe(409);
      expect(notOwned.body.failureDetails).toBe(`device ${mac} is not bound to user ${user.openId}`);
      const malformed = await admin('POST', '/grants', { openId: user.openId, permissionCode: 'cloud-30', ipcMac: 'zz:zz' });
      expect(malformed.status).toBe(400);
      expect(String(malformed.body.failureDetails)).toContain('ipcMac');
    });

    it('filters plans by q and permissionType, grants by permissionCode, ipcMac in any spelling and state; total counts the filtered list', async () => {
      const codes = (body: Body) => (body.items as Body[]).map((p) => p.permissionCode);
      const cloud = await admin('GET', '/permissions?q=CLOUD');
      expect(cloud.status).toBe(200);
      expect({ codes: codes(cloud.body), total: cloud.body.total }).toEqual({ codes: ['cloud-30', 'cloud-1'], total: 2 });
      const firstOfPaid = await admin('GET', '/permissions?q=cloud&permissionType=1&limit=1');
      expect({ codes: codes(firstOfPaid.body), total: firstOfPaid.body.total }).toEqual({ codes: ['cloud-30'], total: 2 });
      expect(codes((await admin('GET', '/permissions?permissionType=2')).body)).toEqual(['free-7']);

      const user = await newUser('Filtered Grantee');
      const mac = newMac();
      await addDevice(user, mac);
      const waiting = await grant(user, 'cloud-30');
      const active = await grant(user, 'free-7', mac);
      const grants = async (query: string) => {
        const res = await admin('GET', `/grants?openId=${user.openId}&${query}`);
        expect(res.status).toBe(200);
        return { ids: (res.body.items as Body[]).map((g) => g.grantId), total: res.body.total };
      };
      expect(await grants('state=waiting')).toEqual({ ids: [waiting.grantId], total: 1 });
      expect(await grants('state=active')).toEqual({ ids: [active.grantId], total: 1 });
      expect(await grants('state=over')).toEqual({ ids: [], total: 0 });
      expect(await grants(`ipcMac=${encodeURIComponent(colon(mac).toLowerCase())}`)).toEqual({ ids: [active.grantId], total: 1 });
      expect(await grants('permissionCode=cloud-30')).toEqual({ ids: [waiting.grantId], total: 1 });
      expect(await grants('limit=1&offset=1')).toEqual({ ids: [active.grantId], total: 2 });
    });

    it('refuses a bad list filter with 400 naming the parameter', async () => {
      const type = await admin('GET', '/permissions?permissionType=paid');
      expect(type.status).toBe(400);
      expect(type.body).toMatchObject({ errorCode: 'AD0400', failureDetails: 'invalid field permissionType: must be 1, 2 or 3' });
      const mac = await admin('GET', '/grants?ipcMac=zz:zz');
      expect(mac.status).toBe(400);
      expect(String(mac.body.failureDetails)).toMatch(/^invalid field ipcMac: /);
      const state = await admin('GET', '/grants?state=expired');
      expect(state.status).toBe(400);
      expect(state.body.failureDetails).toBe('invalid field state: must be one of waiting, active, over, revoked');
      const twice = await admin('GET', '/grants?state=active&state=over');
      expect(twice.status).toBe(400);
      expect(twice.body.failureDetails).toBe('invalid field state: must be one of waiting, active, over, revoked');
    });
  });

  describe('gateway operations', () => {
    it('permission.query_user_not_active lists waiting grants (spec 2.5 records) with sysDate in ms; supportBpi 0 hides BPI plans', async () => {
      const user = await newUser('Waiting User');
      const plain = await grant(user, 'cloud-30');
      const bpi = await grant(user, 'bpi-30');
      const before = t.clock.now();
      const all = await get('permission.query_user_not_active', user, { supportBpi: '1' });
      const after = t.clock.now();
      expect(all.errorCode).toBe('');
      expect(all.sysDate as number).toBeGreaterThanOrEqual(before);
      expect(all.sysDate as number).toBeLessThanOrEqual(after);
      expect(all.data).toEqual([
        {
          grantId: plain.grantId,
          ipcMac: '',
          permissionCode: 'cloud-30',
          permissionName: 'Cloud recording 30 days',
          permissionType: 1,
          permissionValue: 30,
          grantStatus: 1,
          userTag: '',
          belongServer: 'cloud',
          initTime: plain.initTime,
          channelCount: 2,
        },
        expect.objectContaining({ grantId: bpi.grantId, permissionCode: 'bpi-30', grantStatus: 1 }),
      ]);
      const noBpi = await get('permission.query_user_not_active', user, { supportBpi: '0' });
      expect((noBpi.data as Body[]).map((r) => r.grantId)).toEqual([plain.grantId]);
    });

    it('permission.active activates a waiting grant on the user\'s device; a second activation answers 883203', async () => {
      const user = await newUser('Activating User');
      const mac = newMac();
      await addDevice(user, mac);
      const g = await grant(user, 'cloud-30');
      const at = t.clock.now();
      const res = await post('permission.active', user, { grantId: String(g.grantId), ipcMac: colon(mac).toLowerCase().replace(/:/g, '-'), appClientVersion: '5.1.0' });
      expect(res).toEqual({ errorCode: '', failureDetails: '' });
      const read = (await admin('GET', `/grants/${g.grantId}`)).body;
      expect(read).toMatchObject({ grantStatus: 3, ipcMac: mac });
      expect(read.startTime as number).toBeGreaterThanOrEqual(at);
      expect((read.endTime as number) - (read.startTime as number)).toBe(30 * DAY_S * 1000);
      const again = await post('permission.active', user, { grantId: String(g.grantId), ipcMac: mac });
      expect(again.errorCode).toBe('883203');
      expect((await get('permission.query_user_not_active', user, { supportBpi: '1' })).data).toEqual([]);
    });

    it('permission.active answers 883202 for an unknown grant and for another user\'s, 883204 for another device, 020041 for a device not the user\'s', async () => {
      const user = await newUser('Careful User');
      const other = await newUser('Other User');
      const mac = newMac();
      const mac2 = newMac();
      await addDevice(user, mac);
      await addDevice(user, mac2);
      const othersGrant = await grant(other, 'cloud-30');
      const pinned = await grant(user, 'cloud-30', mac);
      const loose = await grant(user, 'cloud-30');
      expect((await post('permission.active', user, { grantId: '987654321', ipcMac: mac })).errorCode).toBe('883202');
      expect((await post('permission.active', user, { grantId: String(othersGrant.grantId), ipcMac: mac })).errorCode).toBe('883202');
      const mismatch = await post('permission.active', user, { grantId: String(pinned.grantId), ipcMac: mac2 });
      expect(mismatch.errorCode).toBe('883204');
      const notMine = await post('permission.active', user, { grantId: String(loose.grantId), ipcMac: newMac() });
      expect(notMine.errorCode).toBe('020041');
      expect((await admin('GET', `/grants/${loose.grantId}`)).body.grantStatus).toBe(1);
    });

    it('permission.query_user_ipcs_valid lists active grants of all devices until their period ends', async () => {
      const owner = await newUser('Valid User');
      const mac = newMac();
      await addDevice(owner, mac);
      const g = await grant(owner, 'cloud-1');
      expect((await post('permission.active', owner, { grantId: String(g.grantId), ipcMac: mac })).errorCode).toBe('');
      const free = await grant(owner, 'free-7', mac);
      expect(free.grantStatus).toBe(3);
      const valid = await get('permission.query_user_ipcs_valid', owner);
      expect(valid.errorCode).toBe('');
      expect(typeof valid.sysDate).toBe('number');
      expect(valid.data).toEqual([
        expect.objectContaining({ grantId: g.grantId, ipcMac: mac, grantStatus: 3, permissionCode: 'cloud-1', permissionValue: 1 }),
        expect.objectContaining({ grantId: free.grantId, ipcMac: mac, grantStatus: 3, permissionType: 2 }),
      ]);

      t.clock.advance(1 * DAY_S + 1);
      const later = await login(owner.uuid); // the access token expired with the day
      expect((await get('permission.query_user_ipcs_valid', later)).data).toEqual([expect.objectContaining({ grantId: free.grantId })]);
      t.clock.advance(6 * DAY_S);
      const end = await login(owner.uuid);
      expect((await get('permission.query_user_ipcs_valid', end)).data).toEqual([]);
    });

    it('fcmall.get_current_service: a paid plan, the free 8-hour service, no service, and 020041', async () => {
      const user = await newUser('Service User');
      const paidMac = newMac();
      const storeMac = newMac();
      const plainMac = newMac();
      await addDevice(user, paidMac, 1);
      await addDevice(user, storeMac, 1);
      await addDevice(user, plainMac, 0);
      const g = await grant(user, 'cloud-30', colon(paidMac).toLowerCase());
      expect(g.ipcMac).toBe(paidMac);
      expect((await post('permission.active', user, { grantId: String(g.grantId), ipcMac: paidMac })).errorCode).toBe('');
      const read = (await admin('GET', `/grants/${g.grantId}`)).body;

      expect(await get('fcmall.get_current_service', user, { macAddr: colon(paidMac).toLowerCase() })).toEqual({
        errorCode: '',
        failureDetails: '',
        data: { userId: read.userId, macAddr: paidMac, name: 'Cloud recording 30 days', description: 'Cloud recording 30 days', startTime: read.startTime, endTime: read.endTime, validity: '30 days', status: 3, flag: 1 },
      });
      expect((await get('fcmall.get_current_service', user, { macAddr: storeMac })).data).toEqual({
        userId: read.userId,
        macAddr: storeMac,
        name: 'free 8-hour cloud storage',
        description: 'free cloud storage of the last 8 hours of recordings',
        startTime: null,
        endTime: null,
        validity: '8 hours',
        status: 3,
        flag: 2,
      });
      expect((await get('fcmall.get_current_service', user, { macAddr: plainMac })).data).toEqual({
        userId: read.userId,
        macAddr: plainMac,
        name: '',
        description: '',
        startTime: null,
        endTime: null,
        validity: '',
        status: 0,
        flag: 0,
      });
      expect((await get('fcmall.get_current_service', user, { macAddr: newMac() })).errorCode).toBe('020041');
    });

    it('the edge refuses malformed parameters with 000006 before permission-service is asked', async () => {
      const user = await newUser('Sloppy Client');
      expect(await get('permission.query_user_not_active', user)).toEqual({ errorCode: '000006', failureDetails: 'parameter supportBpi is required' });
      expect((await get('permission.query_user_not_active', user, { supportBpi: '2' })).errorCode).toBe('000006');
      const notNumeric = await post('permission.active', user, { grantId: 'abc', ipcMac: newMac() });
      expect(notNumeric).toEqual({ errorCode: '000006', failureDetails: 'parameter grantId must be an integer' });
      const tooLong = await post('permission.active', user, { grantId: '1'.repeat(21), ipcMac: newMac() });
      expect(tooLong).toEqual({ errorCode: '000006', failureDetails: 'parameter grantId exceeds 20 characters' });
      expect((await post('permission.active', user, { grantId: '1' })).errorCode).toBe('000006');
      expect((await get('fcmall.get_current_service', user)).errorCode).toBe('000006');
    });
  });

  describe('reactions to other services\' events', () => {
    it('removing a device ends its grants in service (grant.revoked) and releases the grants waiting for it (device.unbound)', async () => {
      const user = await newUser('Unbinding User');
      const mac = newMac();
      const spare = newMac();
      await addDevice(user, mac);
      await addDevice(user, spare);
      const active = await grant(user, 'cloud-30');
      expect((await post('permission.active', user, { grantId: String(active.grantId), ipcMac: mac })).errorCode).toBe('');
      const pinned = await grant(user, 'cloud-30', mac);
      expect((await get('permission.query_user_ipcs_valid', user)).data).toHaveLength(1);

      const unbound = await expectEvent(t.platform.runtime.events, EVENTS.deviceUnbound.subject, (e) => (e.data as { macAddr: string }).macAddr === mac);
      const revoked = await expectEvent(t.platform.runtime.events, EVENTS.grantRevoked.subject, (e) => (e.data as { grantId: number }).grantId === active.grantId);
      const applied = nextConsumed(EVENTS.deviceUnbound.subject);
      expect(await post('user_ipc_setting_v2_0.delOemDeviceByMac', user, { macAddr: mac })).toEqual({ errorCode: '', failureDetails: '' });
      expect((await unbound.arrived).data).toMatchObject({ macAddr: mac, reason: 'user' });
      expect(await applied).toBe('applied');
      expect((await revoked.arrived).data).toEqual({ grantId: active.grantId, userId: active.userId, ipcMac: mac, permissionCode: 'cloud-30', reason: 'device-unbound' });

      expect((await get('permission.query_user_ipcs_valid', user)).data).toEqual([]);
      expect((await admin('GET', `/grants/${active.grantId}`)).body).toMatchObject({ grantStatus: 3, revokeReason: 'device-unbound', revokedAt: expect.any(String) });
      expect((await get('permission.query_user_not_active', user, { supportBpi: '1' })).data).toEqual([expect.objectContaining({ grantId: pinned.grantId, ipcMac: '' })]);
      // Released: the waiting grant can now be activated on the user's other device.
      expect((await post('permission.active', user, { grantId: String(pinned.grantId), ipcMac: spare })).errorCode).toBe('');
    });

    it('deleting the user at the merchant revokes all of their grants (user.deleted → grant.revoked)', async () => {
      const user = await newUser('Leaving User');
      const g = await grant(user, 'cloud-30');
      merchantSite.store.delete(user.uuid);
      const applied = nextConsumed(EVENTS.userDeleted.subject);
      const revoked = await expectEvent(t.platform.runtime.events, EVENTS.grantRevoked.subject, (e) => (e.data as { grantId: number }).grantId === g.grantId);
      const params = { operation: 'DELETE', uuid: user.uuid };
      const headers = signedHeaders({ method: 'POST', path: '/sso/user_callback', params, clientId: merchant.clientId, clientSecret: merchant.clientSecret, now: t.clock.now() });
      expect((await postForm(t.baseUrl, '/sso/user_callback', params, headers)).status).toBe(200);
      expect(await applied).toBe('applied');
      expect((await revoked.arrived).data).toEqual({ grantId: g.grantId, userId: g.userId, ipcMac: null, permissionCode: 'cloud-30', reason: 'user-deleted' });
      expect((await admin('GET', `/grants/${g.grantId}`)).body).toMatchObject({ grantStatus: 1, revokeReason: 'user-deleted', revokedAt: expect.any(String) });
    });
  });
}

describe('permissions (embedded)', () => permissionSuite('embedded'));
describeWithInfra(['postgres', 'nats'], 'permissions (distributed: PostgreSQL + NATS)', () => permissionSuite('distributed'));
