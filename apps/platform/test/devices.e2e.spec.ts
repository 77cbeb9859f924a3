/**
 * Devices end to end, exactly as a merchant's app, a manufacturer's server and an operator drive them: the
 * user_ipc_setting_v2_0 gateway operations with real credentials from a signed SSO login (spec 4.4, 2.4,
 * 7.3), force unbind with MD5(mac + timeStamp + delKey), the manufacturer admin API, and the removal of a
 * deleted user's devices — in embedded and in distributed mode.
 */
import { EVENTS, type EventEnvelope, colonMac } from '@dcp/contracts';
import { md5Hex, signedHeaders } from '@dcp/signing';
import { describeWithInfra, expectEvent, getQuery, postForm, requestJson } from '@dcp/testing';
// The reference merchant is a separate party on the network, not a dependency of the platform: the e2e
// specs start it as the real merchant over HTTP.
import { type MerchantSandbox, startMerchantSandbox } from '@dcp/merchant-sandbox';
import { type Mode, type TestPlatform, startTestPlatform } from './harness';

type Body = Record<string, unknown>;
interface Credentials {
  clientId: string;
  openId: string;
  accessToken: string;
}
interface Manufacturer {
  oemCode: string;
  name: string;
  delKey: string;
}

const OP = {
  add: 'user_ipc_setting_v2_0.addOemDevice',
  update: 'user_ipc_setting_v2_0.updateOemDevice',
  del: 'user_ipc_setting_v2_0.delOemDeviceByMac',
  list: 'user_ipc_setting_v2_0.getOemDeviceByUser',
  get: 'user_ipc_setting_v2_0.getOemDeviceByUserAndMac',
  force: 'user_ipc_setting_v2_0.delOemDeviceForce',
} as const;

let macCounter = 0;
/** A fresh canonical MAC (12 upper-case hex digits, as merchants' apps send it) per call (distinct across both suites of this file). */
function newMac(): string {
  macCounter++;
  return `${Date.now().toString(16).slice(-6)}${macCounter.toString(16).padStart(6, '0')}`.toUpperCase();
}
/** Other spellings of the same MAC, accepted on input and always answered in the canonical form. */
const colon = (mac: string) => colonMac(mac)!;
const dashed = (mac: string) => colon(mac).replace(/:/g, '-');

function devicesSuite(mode: Mode) {
  let t: TestPlatform;
  let merchantSite: MerchantSandbox;
  let merchant: { clientId: string; clientSecret: string };
  let maker: Manufacturer;
  let ann: Credentials & { uuid: string; userId?: number };
  let bob: Credentials & { uuid: string };

  const admin = (method: string, path: string, body?: unknown, token: string = t.adminToken) =>
    requestJson<Body>(method, `${t.adminUrl}/admin/v1${path}`, body, token ? { authorization: `Bearer ${token}` } : {});

  async function signIn(name: string): Promise<Credentials & { uuid: string }> {
    const user = merchantSite.store.create({ username: `${name.toLowerCase()}@example.com`, name });
    const params = { token: merchantSite.store.issueToken(user.uuid)! };
    const headers = signedHeaders({ method: 'POST', path: '/sso/authorize_by_token', params, clientId: merchant.clientId, clientSecret: merchant.clientSecret, now: t.clock.now() });
    const res = await postForm(t.baseUrl, '/sso/authorize_by_token', params, headers);
    expect(res.status).toBe(200);
    return { clientId: merchant.clientId, openId: String(res.body.openId), accessToken: String(res.body.accessToken), uuid: user.uuid };
  }

  const creds = (c: Credentials): Record<string, string> => ({ clientId: c.clientId, openId: c.openId, accessToken: c.accessToken });
  const post = async (service: string, form: Record<string, string>) => (await postForm(t.baseUrl, `/gateway?service=${service}`, form)).body;
  const get = async (service: string, query: Record<string, string>) => (await getQuery(t.baseUrl, '/gateway', { service, ...query })).body;

  const deviceForm = (macAddr: string, over: Record<string, string> = {}) => ({
    macAddr,
    deviceName: 'Front door',
    username: 'admin',
    password: 'U2FsdGVkX1+encrypted==',
    hasusertag: '2',
    supportStore: '1',
    supportRichMedia: '0',
    productName: 'IPC-4K',
    oemCode: maker.oemCode,
    ...over,
  });
  const add = (who: Credentials, macAddr: string, over: Record<string, string> = {}) => post(OP.add, { ...creds(who), ...deviceForm(macAddr, over) });
  const update = (who: Credentials, form: Record<string, string>) => post(OP.update, { ...creds(who), ...form });
  const del = (who: Credentials, macAddr: string) => post(OP.del, { ...creds(who), macAddr });
  const list = (who: Credentials) => get(OP.list, creds(who));
  const one = (who: Credentials, macAddr: string) => get(OP.get, { ...creds(who), macAddr });

  const nowSeconds = () => String(Math.floor(t.clock.now() / 1000));
  const forceForm = (mac: string, timeStamp: string, m: Manufacturer = maker, delKey = m.delKey) => ({ mac, timeStamp, oemCode: m.oemCode, sign: md5Hex(`${mac}${timeStamp}${delKey}`) });
  const force = (form: Record<string, string>) => post(OP.force, form);

  async function registerManufacturer(oemCode: string, name = `Maker ${oemCode}`): Promise<Manufacturer> {
    const res = await admin('POST', '/manufacturers', { oemCode, name });
    expect(res.status).toBe(201);
    return res.body as unknown as Manufacturer;
  }

  const OK = { errorCode: '', failureDetails: '' };

  beforeAll(async () => {
    t = await startTestPlatform(mode);
    merchantSite = await startMerchantSandbox();
    const m = await admin('POST', '/merchants', { name: 'Acme Cameras', tokenValidationUrl: `${merchantSite.url}/idp/is_valid_token`, userProfileUrl: `${merchantSite.url}/idp/get_user_profile` });
    merchant = m.body as unknown as { clientId: string; clientSecret: string };
    maker = await registerManufacturer(`ACME-${mode}`, 'Acme Optics');
    ann = await signIn('Ann');
    bob = await signIn('Bob');
  });
  afterAll(async () => {
    await merchantSite?.close();
    await t?.close();
  });

  describe('the device operations (spec 4.4)', () => {
    it('adds a device (device.bound), then lists and gets it as the record of spec 2.4 with userId', async () => {
      const mac = newMac();
      const bound = await expectEvent(t.platform.runtime.events, EVENTS.deviceBound.subject, (e) => (e.data as { macAddr: string }).macAddr === mac);
      expect(await add(ann, colon(mac).toLowerCase())).toEqual(OK);
      const event = await bound.arrived;
      expect(event.data).toEqual({ macAddr: mac, userId: expect.any(Number), oemCode: maker.oemCode });
      const record = {
        userId: (event.data as { userId: number }).userId,
        macAddr: mac,
        deviceName: 'Front door',
        productName: 'IPC-4K',
        username: 'admin',
        password: 'U2FsdGVkX1+encrypted==',
        hasusertag: 2,
        supportStore: 1,
        supportRichMedia: 0,
        oemCode: maker.oemCode,
      };
      expect(await one(ann, mac)).toEqual({ ...OK, data: record });
      const all = await list(ann);
      expect(all).toMatchObject(OK);
      expect(all.data).toContainEqual(record);
    });

    it('treats every MAC form and letter case as the same device', async () => {
      const mac = newMac();
      expect(await add(ann, mac.toLowerCase())).toEqual(OK);
      for (const form of [mac, mac.toLowerCase(), colon(mac), colon(mac).toLowerCase(), dashed(mac), dashed(mac).toLowerCase()]) {
        expect(((await one(ann, form)).data as Body).macAddr).toBe(mac);
        expect(((await list(ann)).data as Body[]).filter((d) => d.macAddr === mac)).toHaveLength(1);
      }
      expect((await add(ann, dashed(mac))).errorCode).toBe('020040');
      expect((await add(ann, colon(mac))).errorCode).toBe('020040');
    });

    it('lists a user\'s devices in the order they were added; a user without devices gets an empty array', async () => {
      const carol = await signIn('Carol');
      expect(await list(carol)).toEqual({ ...OK, data: [] });
      const macs = [newMac(), newMac(), newMac()];
      for (const mac of macs) expect(await add(carol, mac)).toEqual(OK);
      expect(((await list(carol)).data as Body[]).map((d) => d.macAddr)).toEqual(macs);
    });

    it('updates the given fields only; hasusertag 0 or 2 as sent', async () => {
      const mac = newMac();
      await add(ann, mac, { hasusertag: '0' });
      expect(await update(ann, { macAddr: mac.toLowerCase(), deviceName: 'Garage', password: 'bmV3', hasusertag: '2', supportRichMedia: '1' })).toEqual(OK);
      expect((await one(ann, mac)).data).toMatchObject({ deviceName: 'Garage', password: 'bmV3', hasusertag: 2, supportRichMedia: 1, username: 'admin', productName: 'IPC-4K', supportStore: 1 });
    });

    it('deletes a device (device.unbound reason user); it is gone for every operation afterwards', async () => {
      const mac = newMac();
      await add(ann, mac);
      const unbound = await expectEvent(t.platform.runtime.events, EVENTS.deviceUnbound.subject, (e) => (e.data as { macAddr: string }).macAddr === mac);
      expect(await del(ann, dashed(mac))).toEqual(OK);
      expect((await unbound.arrived).data).toMatchObject({ macAddr: mac, reason: 'user' });
      expect((await one(ann, mac)).errorCode).toBe('020041');
      expect((await del(ann, mac)).errorCode).toBe('020041');
      expect((await update(ann, { macAddr: mac, deviceName: 'x' })).errorCode).toBe('020041');
      expect(((await list(ann)).data as Body[]).map((d) => d.macAddr)).not.toContain(mac);
    });

    it('answers 020040 when the user already has the device and 020042 when another user has it', async () => {
      const mac = newMac();
      await add(ann, mac);
      const again = await add(ann, mac);
      expect(again.errorCode).toBe('020040');
      const taken = await add(bob, dashed(mac).toLowerCase());
      expect(taken.errorCode).toBe('020042');
      expect(String(taken.failureDetails)).toContain(mac);
    });

    it('answers 020041 for a device that does not exist', async () => {
      const mac = newMac();
      expect((await one(ann, mac)).errorCode).toBe('020041');
      expect((await update(ann, { macAddr: mac, deviceName: 'x' })).errorCode).toBe('020041');
      expect((await del(ann, mac)).errorCode).toBe('020041');
    });
  });

  describe('ownership: no user reaches another user\'s device by its MAC', () => {
    let mac: string;
    beforeAll(async () => {
      mac = newMac();
      expect(await add(ann, mac)).toEqual(OK);
    });

    const forms = () => [mac, mac.toLowerCase(), colon(mac), dashed(mac).toLowerCase()];

    it('another user cannot get, update or delete it in any MAC form (020041, as if it did not exist)', async () => {
      for (const form of forms()) {
        expect(await one(bob, form)).toMatchObject({ errorCode: '020041' });
        expect(await one(bob, form)).not.toHaveProperty('data');
        expect((await update(bob, { macAddr: form, deviceName: 'Stolen', password: 'x' })).errorCode).toBe('020041');
        expect((await del(bob, form)).errorCode).toBe('020041');
      }
      expect(((await list(bob)).data as Body[]).map((d) => d.macAddr)).not.toContain(mac);
    });

    it('adding it reveals only that it is taken (020042); the owner\'s device is untouched', async () => {
      for (const form of forms()) expect((await add(bob, form, { deviceName: 'Stolen' })).errorCode).toBe('020042');
      expect((await one(ann, mac)).data).toMatchObject({ macAddr: mac, deviceName: 'Front door', password: 'U2FsdGVkX1+encrypted==' });
    });

    it('and the other way round: the owner cannot reach the other user\'s device either', async () => {
      const bobs = newMac();
      expect(await add(bob, bobs)).toEqual(OK);
      expect((await one(ann, bobs)).errorCode).toBe('020041');
      expect((await update(ann, { macAddr: bobs, deviceName: 'x' })).errorCode).toBe('020041');
      expect((await del(ann, bobs)).errorCode).toBe('020041');
      expect((await add(ann, bobs)).errorCode).toBe('020042');
      expect((await one(bob, bobs)).data).toMatchObject({ deviceName: 'Front door' });
    });
  });

  describe('parameters (000006 naming the parameter)', () => {
    const expect06 = (body: Body, name: string) => {
      expect(body.errorCode).toBe('000006');
      expect(String(body.failureDetails)).toContain(name);
    };

    it.each(['macAddr', 'deviceName', 'username', 'password', 'hasusertag', 'supportStore', 'supportRichMedia', 'productName', 'oemCode'])('add without %s', async (name) => {
      const form: Record<string, string> = { ...creds(ann), ...deviceForm(newMac()) };
      delete form[name];
      expect06(await post(OP.add, form), name);
    });

    it.each([
      ['macAddr', 21],
      ['deviceName', 51],
      ['username', 65],
      ['password', 161],
      ['productName', 51],
      ['oemCode', 21],
    ])('add with %s longer than its maximum', async (name, length) => {
      expect06(await add(ann, newMac(), { [name]: name === 'macAddr' ? 'A'.repeat(length) : 'x'.repeat(length) }), name);
    });

    it.each([
      ['hasusertag', '1'],
      ['hasusertag', '3'],
      ['hasusertag', 'two'],
      ['supportStore', '2'],
      ['supportRichMedia', 'yes'],
    ])('add with %s = %s', async (name, value) => {
      const mac = newMac();
      expect06(await add(ann, mac, { [name]: value }), name);
      expect((await one(ann, mac)).errorCode).toBe('020041');
    });

    it('update with hasusertag 1 or a non-integer supportStore', async () => {
      const mac = newMac();
      await add(ann, mac);
      expect06(await update(ann, { macAddr: mac, hasusertag: '1' }), 'hasusertag');
      expect06(await update(ann, { macAddr: mac, supportStore: 'x' }), 'supportStore');
    });

    it('a malformed MAC names macAddr on every user operation', async () => {
      const detail = 'parameter macAddr is not a MAC address (12 hex digits, optionally separated by ":" or "-")';
      for (const bad of ['AA:BB:CC:DD:EE', 'AABBCCDDEEGG', 'AA:BB-CC:DD:EE:FF']) {
        expect(await add(ann, bad)).toEqual({ errorCode: '000006', failureDetails: detail });
        expect(await one(ann, bad)).toEqual({ errorCode: '000006', failureDetails: detail });
        expect(await update(ann, { macAddr: bad, deviceName: 'x' })).toEqual({ errorCode: '000006', failureDetails: detail });
        expect(await del(ann, bad)).toEqual({ errorCode: '000006', failureDetails: detail });
      }
    });

    it('the wrong HTTP method and missing credentials are refused before the service', async () => {
      expect((await get(OP.add, { ...creds(ann), ...deviceForm(newMac()) })).errorCode).toBe('000006');
      expect06(await get(OP.get, { clientId: ann.clientId, openId: ann.openId, macAddr: newMac() }), 'accessToken');
      expect((await get(OP.list, { ...creds(ann), accessToken: 'not-the-token' })).errorCode).toBe('030040');
    });
  });

  describe('force unbind (delOemDeviceForce)', () => {
    const ownerOf = async (mac: string) => (await one(ann, mac)).errorCode;

    it('unbinds the manufacturer\'s device and publishes device.unbound (reason force); the owner no longer has it', async () => {
      const mac = newMac();
      await add(ann, mac);
      const unbound = await expectEvent(t.platform.runtime.events, EVENTS.deviceUnbound.subject, (e) => (e.data as { macAddr: string }).macAddr === mac);
      expect(await force(forceForm(mac, nowSeconds()))).toEqual(OK);
      expect((await unbound.arrived).data).toMatchObject({ macAddr: mac, reason: 'force' });
      expect(await ownerOf(mac)).toBe('020041');
      // The device is free again.
      expect(await add(bob, mac)).toEqual(OK);
    });

    it('accepts a millisecond timeStamp, the MAC as the device reports it, and the sign in upper-case hex', async () => {
      const mac = newMac();
      await add(ann, mac);
      const form = forceForm(colon(mac).toLowerCase(), String(t.clock.now()));
      expect(await force({ ...form, sign: form.sign.toUpperCase() })).toEqual(OK);
      expect(await ownerOf(mac)).toBe('020041');
    });

    it('answers DV0040 for an oemCode that is not a registered manufacturer', async () => {
      const mac = newMac();
      await add(ann, mac);
      const res = await force(forceForm(mac, nowSeconds(), { oemCode: 'NOT-REGISTERED', name: '', delKey: 'whatever' }));
      expect(res.errorCode).toBe('DV0040');
      expect(await ownerOf(mac)).toBe('');
    });

    it.each([
      ['stale (301 s old)', -301],
      // One second more than the bound: the server's clock may tick between signing and checking.
      ['in the future (302 s ahead)', 302],
    ])('answers DV0042 for a timeStamp %s, in seconds and in milliseconds', async (_label, offset) => {
      const mac = newMac();
      await add(ann, mac);
      expect((await force(forceForm(mac, String(Math.floor(t.clock.now() / 1000) + offset)))).errorCode).toBe('DV0042');
      expect((await force(forceForm(mac, String(t.clock.now() + offset * 1000)))).errorCode).toBe('DV0042');
      expect(await ownerOf(mac)).toBe('');
    });

    it('answers 000006 naming timeStamp when it is not a number', async () => {
      const res = await force(forceForm(newMac(), 'yesterday'));
      expect(res.errorCode).toBe('000006');
      expect(String(res.failureDetails)).toContain('timeStamp');
    });

    it('answers DV0043 for a tampered sign, and for one made with another key', async () => {
      const mac = newMac();
      await add(ann, mac);
      const form = forceForm(mac, nowSeconds());
      const tampered = `${form.sign.slice(0, -1)}${form.sign.endsWith('0') ? '1' : '0'}`;
      expect((await force({ ...form, sign: tampered })).errorCode).toBe('DV0043');
      expect((await force(forceForm(mac, nowSeconds(), maker, 'not-the-del-key'))).errorCode).toBe('DV0043');
      expect((await force({ ...form, timeStamp: String(Number(form.timeStamp) - 1) })).errorCode).toBe('DV0043');
      expect(await ownerOf(mac)).toBe('');
    });

    it('answers DV0044 when a sign is used again (also in another hex case)', async () => {
      const mac = newMac();
      await add(ann, mac);
      const form = forceForm(mac, nowSeconds());
      expect(await force(form)).toEqual(OK);
      await add(ann, mac);
      expect((await force(form)).errorCode).toBe('DV0044');
      expect((await force({ ...form, sign: form.sign.toUpperCase() })).errorCode).toBe('DV0044');
      expect(await ownerOf(mac)).toBe('');
    });

    it('answers 020041 for another manufacturer\'s device (which stays bound) and for a MAC nobody has', async () => {
      const other = await registerManufacturer(`OTHER-${mode}`);
      const mac = newMac();
      await add(ann, mac, { oemCode: other.oemCode });
      expect((await force(forceForm(mac, nowSeconds()))).errorCode).toBe('020041');
      expect(await ownerOf(mac)).toBe('');
      expect((await force(forceForm(newMac(), nowSeconds()))).errorCode).toBe('020041');
      expect(await force(forceForm(mac, nowSeconds(), other))).toEqual(OK);
      expect(await ownerOf(mac)).toBe('020041');
    });

    it('the edge refuses missing or over-long parameters with 000006 naming them', async () => {
      const form = forceForm(newMac(), nowSeconds());
      for (const name of ['mac', 'timeStamp', 'oemCode', 'sign']) {
        const partial: Record<string, string> = { ...form };
        delete partial[name];
        const res = await force(partial);
        expect(res.errorCode).toBe('000006');
        expect(String(res.failureDetails)).toContain(name);
      }
      const long = await force({ ...form, sign: 'f'.repeat(65) });
      expect(long.errorCode).toBe('000006');
      expect(String(long.failureDetails)).toContain('sign');
    });
  });

  describe('manufacturer admin API', () => {
    it('registers a manufacturer (201) showing its delKey once; reading it never shows the key', async () => {
      const res = await admin('POST', '/manufacturers', { oemCode: `NEW-${mode}`, name: 'New Optics' });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ oemCode: `NEW-${mode}`, name: 'New Optics', createdAt: expect.any(String), delKeyRotatedAt: null, delKey: expect.stringMatching(/^[A-Za-z0-9]{32}$/) });
      const read = await admin('GET', `/manufacturers/NEW-${mode}`);
      expect(read.status).toBe(200);
      expect(read.body).toEqual({ oemCode: `NEW-${mode}`, name: 'New Optics', createdAt: res.body.createdAt, delKeyRotatedAt: null });
      const all = await admin('GET', '/manufacturers');
      expect(all.status).toBe(200);
      expect(all.body.items).toContainEqual(read.body);
      expect(JSON.stringify(all.body)).not.toContain(String(res.body.delKey));
    });

    it('refuses a duplicate oemCode with 409, an invalid body with 400 naming the field, an unknown one with 404', async () => {
      expect((await admin('POST', '/manufacturers', { oemCode: maker.oemCode, name: 'Copycat' })).status).toBe(409);
      const bad = await admin('POST', '/manufacturers', { oemCode: 'has spaces', name: 'x' });
      expect(bad.status).toBe(400);
      expect(String(bad.body.failureDetails)).toContain('oemCode');
      const noName = await admin('POST', '/manufacturers', { oemCode: 'NONAME' });
      expect(noName.status).toBe(400);
      expect(String(noName.body.failureDetails)).toContain('name');
      expect((await admin('GET', '/manufacturers/NOBODY')).status).toBe(404);
      expect((await admin('POST', '/manufacturers/NOBODY/del-key')).status).toBe(404);
    });

    it('refuses every manufacturer route without the admin token (401)', async () => {
      expect((await admin('POST', '/manufacturers', { oemCode: 'SNEAKY', name: 'x' }, '')).status).toBe(401);
      expect((await admin('GET', '/manufacturers', undefined, 'wrong-token')).status).toBe(401);
      expect((await admin('GET', `/manufacturers/${maker.oemCode}`, undefined, '')).status).toBe(401);
      expect((await admin('POST', `/manufacturers/${maker.oemCode}/del-key`, undefined, 'wrong-token')).status).toBe(401);
      expect((await admin('GET', '/manufacturers/SNEAKY')).status).toBe(404);
    });

    it('rotating the delKey invalidates the old one at once; the new one is shown once', async () => {
      const m = await registerManufacturer(`ROT-${mode}`);
      const rotated = await admin('POST', `/manufacturers/${m.oemCode}/del-key`);
      expect(rotated.status).toBe(201);
      const newKey = String(rotated.body.delKey);
      expect(newKey).toMatch(/^[A-Za-z0-9]{32}$/);
      expect(newKey).not.toBe(m.delKey);
      expect(rotated.body.delKeyRotatedAt).toEqual(expect.any(String));
      expect(JSON.stringify((await admin('GET', `/manufacturers/${m.oemCode}`)).body)).not.toContain(newKey);
      const mac = newMac();
      await add(ann, mac, { oemCode: m.oemCode });
      expect((await force(forceForm(mac, nowSeconds(), m, m.delKey))).errorCode).toBe('DV0043');
      expect(await force(forceForm(mac, nowSeconds(), m, newKey))).toEqual(OK);
    });
  });

  describe('a deleted user\'s devices', () => {
    it('are removed after the DELETE user callback, each with device.unbound (reason user-deleted); others keep theirs', async () => {
      const dave = await signIn('Dave');
      const macs = [newMac(), newMac()];
      for (const mac of macs) expect(await add(dave, mac)).toEqual(OK);
      const bystander = newMac();
      await add(bob, bystander);

      const events = await Promise.all(
        macs.map((mac) => expectEvent(t.platform.runtime.events, EVENTS.deviceUnbound.subject, (e) => (e.data as { macAddr: string }).macAddr === mac, 10_000)),
      );
      merchantSite.store.delete(dave.uuid);
      const params = { operation: 'DELETE', uuid: dave.uuid };
      const headers = signedHeaders({ method: 'POST', path: '/sso/user_callback', params, clientId: merchant.clientId, clientSecret: merchant.clientSecret, now: t.clock.now() });
      const res = await postForm(t.baseUrl, '/sso/user_callback', params, headers);
      expect(res.status).toBe(200);

      const arrived: EventEnvelope[] = await Promise.all(events.map((e) => e.arrived));
      expect(arrived.map((e) => e.data)).toEqual(macs.map((macAddr) => ({ macAddr, userId: expect.any(Number), reason: 'user-deleted' })));
      // The devices are free again: another user can add them.
      for (const mac of macs) expect(await add(bob, mac)).toEqual(OK);
      expect((await one(bob, bystander)).errorCode).toBe('');
    });
  });
}

describe('devices (embedded)', () => devicesSuite('embedded'));
describeWithInfra(['postgres', 'nats'], 'devices (distributed: PostgreSQL + NATS)', () => devicesSuite('distributed'));
