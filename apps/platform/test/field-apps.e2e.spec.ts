/**
 * Merchants' apps already in the field, replayed exactly as they call the platform (docs/decisions.md D1,
 * S4, S9, S10, I2): MACs as 12 upper-case hex digits found again by that exact string, lower-case and
 * colon spellings answered in that form, `version=` sent empty on the stream calls, parameters of their own
 * added to every call, center.getServerInfo read field by field, and NUL bytes where a broken client sends
 * them — in embedded and in distributed mode.
 */
import { md5Hex } from '@dcp/signing';
import { describeWithInfra, getQuery, postForm, tsNullPackets, uniqueName } from '@dcp/testing';
import { type Mode, type TestPlatform, startTestPlatform } from './harness';
import { type Body, type Credentials, MerchantApp, admin, deviceForm } from './merchant-app';

/** What shipped apps add to every call (and the platform must ignore). */
const APP_EXTRAS = { version: '', area: '', lang: 'en' };

let macCounter = 0;
/** A fresh MAC as apps send it: 12 upper-case hex digits, no separator. */
function appMac(): string {
  macCounter++;
  return `06${Date.now().toString(16).slice(-4)}${macCounter.toString(16).padStart(6, '0')}`.toUpperCase();
}
const colons = (mac: string) => mac.match(/../g)!.join(':');

function fieldSuite(mode: Mode) {
  let t: TestPlatform;
  let merchant: MerchantApp;

  beforeAll(async () => {
    t = await startTestPlatform(mode);
    merchant = await MerchantApp.register(t, uniqueName('Field'));
  });
  afterAll(async () => {
    await merchant?.close();
    await t?.close();
  });

  const get = async (service: string, who: Credentials | undefined, params: Record<string, string | number> = {}) => (await merchant.get(service, who, { ...APP_EXTRAS, ...params })).body;
  const post = async (service: string, who: Credentials | undefined, params: Record<string, string | number> = {}) => (await merchant.post(service, who, { ...APP_EXTRAS, ...params })).body;

  describe('MACs as apps spell them (D1)', () => {
    it('a device bound as 06626E63FBA5-style MAC is listed and found by exactly that string', async () => {
      const { credentials: ann } = await merchant.signIn('Ann Field');
      const mac = appMac();
      expect(await post('user_ipc_setting_v2_0.addOemDevice', ann, deviceForm(mac))).toEqual({ errorCode: '', failureDetails: '' });
      const list = await get('user_ipc_setting_v2_0.getOemDeviceByUser', ann);
      expect(list.errorCode).toBe('');
      // What the app does: find its device in the list by the MAC it bound.
      expect((list.data as Body[]).find((d) => d.macAddr === mac)).toMatchObject({ macAddr: mac, deviceName: 'Front door' });
      expect((await get('user_ipc_setting_v2_0.getOemDeviceByUserAndMac', ann, { macAddr: mac })).data).toMatchObject({ macAddr: mac });
    });

    it('lower-case and colon spellings reach the same device and are answered in the canonical form', async () => {
      const { credentials: bob } = await merchant.signIn('Bob Field');
      const mac = appMac();
      expect((await post('user_ipc_setting_v2_0.addOemDevice', bob, deviceForm(colons(mac).toLowerCase()))).errorCode).toBe('');
      for (const spelling of [mac.toLowerCase(), colons(mac), colons(mac).toLowerCase().replace(/:/g, '-')]) {
        expect((await get('user_ipc_setting_v2_0.getOemDeviceByUserAndMac', bob, { macAddr: spelling })).data).toMatchObject({ macAddr: mac });
      }
      expect((await get('fcmall.get_current_service', bob, { macAddr: colons(mac).toLowerCase() })).data).toMatchObject({ macAddr: mac, status: 3, flag: 2 });
      expect(await post('user_ipc_setting_v2_0.updateOemDevice', bob, { macAddr: mac.toLowerCase(), deviceName: 'Garage' })).toEqual({ errorCode: '', failureDetails: '' });
      expect((await get('user_ipc_setting_v2_0.getOemDeviceByUser', bob)).data).toEqual([expect.objectContaining({ macAddr: mac, deviceName: 'Garage' })]);
    });

    it('authorization records carry ipcMac in the canonical form, whatever spelling the operator and the app used', async () => {
      const { credentials: cy } = await merchant.signIn('Cy Field');
      const mac = appMac();
      expect((await post('user_ipc_setting_v2_0.addOemDevice', cy, deviceForm(mac))).errorCode).toBe('');
      const permissionCode = uniqueName('FIELD');
      expect((await admin(t, 'POST', '/permissions', { permissionCode, permissionName: '30-day cloud', permissionType: 1, durationDays: 30 })).status).toBe(201);
      const grant = await admin(t, 'POST', '/grants', { openId: cy.openId, permissionCode, ipcMac: colons(mac).toLowerCase() });
      expect(grant.status).toBe(201);
      const waiting = await get('permission.query_user_not_active', cy, { supportBpi: 1 });
      expect(waiting.data).toEqual([expect.objectContaining({ grantId: grant.body.grantId, ipcMac: mac })]);
      expect(await post('permission.active', cy, { grantId: String(grant.body.grantId), ipcMac: colons(mac) })).toEqual({ errorCode: '', failureDetails: '' });
      expect((await get('permission.query_user_ipcs_valid', cy)).data).toEqual([expect.objectContaining({ ipcMac: mac, grantStatus: 3 })]);
      expect((await get('fcmall.get_current_service', cy, { macAddr: mac })).data).toMatchObject({ macAddr: mac, status: 3, flag: 1 });
    });
  });

  describe('what apps add or leave empty (S4, S9)', () => {
    it('ignores version=, area= and lang= on every gateway operation', async () => {
      const { credentials: dee } = await merchant.signIn('Dee Field');
      expect((await get('cloud_system.current_time', undefined)).errorCode).toBe('');
      const info = await get('center.getServerInfo', dee, { oemCode: 'ACME' });
      expect(info.errorCode).toBe('');
      expect((await get('permission.query_user_ipcs_valid', dee)).errorCode).toBe('');
      expect((await get('permission.query_user_not_active', dee, { supportBpi: 0 })).errorCode).toBe('');
      const firmware = await get('firmware.latest', dee, { macAddr: appMac(), machineTypeName: uniqueName('NOCHAIN'), sysVersion1: 1, sysVersion3: 0, sysVersion4: 0, appVersion1: 1, appVersion3: 0, appVersion4: 0 });
      // No chain for this model: the firmware lookup's own code, not a parameter refusal.
      expect(firmware.errorCode).toBe('010120');
    });

    it('center.getServerInfo called as the QA client does: version= and area= empty, every tag it reads present', async () => {
      const { credentials: eve } = await merchant.signIn('Eve Field');
      const res = await getQuery<Body>(t.baseUrl, '/gateway', { service: 'center.getServerInfo', ...eve, oemCode: 'ACME', version: '', area: '' });
      expect(res.body.errorCode).toBe('');
      const data = res.body.data as Body;
      for (const field of ['subtoken', 'tag', 'storeTag', 'alexaTag', 'rekognitionTag']) {
        expect(typeof data[field]).toBe('string');
        expect(data[field]).not.toBe('');
      }
      expect(new Set([data.tag, data.storeTag, data.alexaTag, data.rekognitionTag]).size).toBe(4);
      // Fixed per user (spec 8): asked again, the same tags.
      const again = (await getQuery<Body>(t.baseUrl, '/gateway', { service: 'center.getServerInfo', ...eve, oemCode: 'ACME', version: '', area: '' })).body.data as Body;
      expect(again.rekognitionTag).toBe(data.rekognitionTag);
    });

    it('center.getServerInfo called at sign-in with oemCode= empty (and version=, area= empty): the tags the app reads', async () => {
      const { credentials: gus } = await merchant.signIn('Gus Field');
      const res = await getQuery<Body>(t.baseUrl, '/gateway', { service: 'center.getServerInfo', ...gus, oemCode: '', version: '', area: '' });
      expect(res.body.errorCode).toBe('');
      const data = res.body.data as Body;
      for (const field of ['subtoken', 'tag', 'storeTag', 'alexaTag', 'rekognitionTag']) expect([field, typeof data[field], data[field] === '']).toEqual([field, 'string', false]);
      // Left out altogether it is still required (S9: only the empty value apps send is accepted).
      expect((await getQuery<Body>(t.baseUrl, '/gateway', { service: 'center.getServerInfo', ...gus })).body).toEqual({ errorCode: '000006', failureDetails: 'parameter oemCode is required' });
    });

    it('POST /gateway with service in the form body and no query string is answered as with ?service= (S15)', async () => {
      const { credentials: hal } = await merchant.signIn('Hal Field');
      const mac = appMac();
      const added = await postForm<Body>(t.baseUrl, '/gateway', { service: 'user_ipc_setting_v2_0.addOemDevice', ...hal, ...deviceForm(mac), ...APP_EXTRAS });
      expect(added.body).toEqual({ errorCode: '', failureDetails: '' });
      expect((await get('user_ipc_setting_v2_0.getOemDeviceByUserAndMac', hal, { macAddr: mac })).data).toMatchObject({ macAddr: mac });
      // Named the same in both places: answered.
      const renamed = await postForm<Body>(t.baseUrl, '/gateway?service=user_ipc_setting_v2_0.updateOemDevice', { service: 'user_ipc_setting_v2_0.updateOemDevice', ...hal, macAddr: mac, deviceName: 'Porch' });
      expect(renamed.body).toEqual({ errorCode: '', failureDetails: '' });
      // Two different operations: refused before anything runs, the device untouched.
      const mixed = await postForm<Body>(t.baseUrl, '/gateway?service=user_ipc_setting_v2_0.updateOemDevice', { service: 'user_ipc_setting_v2_0.delOemDeviceByMac', ...hal, macAddr: mac });
      expect(mixed.body).toEqual({ errorCode: '000006', failureDetails: 'parameter service names one operation in the query string and another in the body' });
      expect((await get('user_ipc_setting_v2_0.getOemDeviceByUserAndMac', hal, { macAddr: mac })).data).toMatchObject({ macAddr: mac, deviceName: 'Porch' });
      // Named nowhere: still 000006 naming service.
      expect((await postForm<Body>(t.baseUrl, '/gateway', { ...hal, macAddr: mac })).body).toEqual({ errorCode: '000006', failureDetails: 'parameter service is required' });
    });

    it('record.query and record.play answer apps that send version= empty (and extra parameters)', async () => {
      const { credentials: flo } = await merchant.signIn('Flo Field');
      const mac = appMac();
      expect((await post('user_ipc_setting_v2_0.addOemDevice', flo, deviceForm(mac))).errorCode).toBe('');
      const start = Math.floor(t.clock.now() / 1000) - 600;
      const ingested = await fetch(`${t.adminUrl}/admin/v1/devices/${mac}/segments?start=${start}&duration=4&type=0`, {
        method: 'POST',
        headers: { authorization: `Bearer ${t.adminToken}`, 'content-type': 'video/mp2t' },
        body: tsNullPackets(),
      });
      expect(ingested.status).toBe(201);
      expect(((await ingested.json()) as Body).devId).toBe(mac);
      const subtoken = String(((await get('center.getServerInfo', flo, { oemCode: 'ACME' })).data as Body).subtoken);
      const timestamp = String(Math.floor(t.clock.now() / 1000) + 60);
      const session = { devId: mac, timestamp, sessionToken: md5Hex(subtoken + timestamp), ...APP_EXTRAS };
      const query = await getQuery<Body>(t.baseUrl, '/stream', { service: 'record.query', ...session, recordSt: String(start - 60), recordEt: String(start + 60) });
      expect(query.body).toEqual({ errorCode: '', failureDetails: '', recordList: [[String(start), String(start + 4), '0']] });
      const play = await getQuery<Body>(t.baseUrl, '/stream', { service: 'record.play', ...session, recordSt: String(start) });
      expect(play.body).toMatchObject({ errorCode: '', recordUrl: expect.stringContaining(`/hls/${mac}/index.m3u8`), secureUrl: expect.stringMatching(/^https:\/\//) });
      const dates = await getQuery<Body>(t.baseUrl, '/stream', { service: 'record.date.query', ...session });
      expect(dates.body.errorCode).toBe('');
      // Still required: an app that leaves version out altogether is told so.
      const { version: _omitted, ...noVersion } = session;
      const refused = await getQuery<Body>(t.baseUrl, '/stream', { service: 'record.query', ...noVersion, recordSt: String(start - 60), recordEt: String(start + 60) });
      expect(refused.body).toEqual({ errorCode: '000006', failureDetails: 'parameter version is required' });
    });
  });

  describe('NUL bytes and other control characters (S10)', () => {
    it('refuses them with 000006 naming the parameter, before authentication and without reaching a database', async () => {
      const { credentials: gus } = await merchant.signIn('Gus Field');
      const cases: [string, 'GET' | 'POST', Record<string, string | number>, string][] = [
        ['user_ipc_setting_v2_0.getOemDeviceByUser', 'GET', { ...gus, clientId: `${gus.clientId}\u0000` }, 'clientId'],
        ['user_ipc_setting_v2_0.getOemDeviceByUser', 'GET', { ...gus, openId: `\u0000${gus.openId}` }, 'openId'],
        ['center.getServerInfo', 'GET', { ...gus, oemCode: 'AC\u0000ME' }, 'oemCode'],
        ['user_ipc_setting_v2_0.addOemDevice', 'POST', { ...gus, ...deviceForm(appMac(), { deviceName: 'Door\u0000' }) }, 'deviceName'],
        ['user_ipc_setting_v2_0.delOemDeviceForce', 'POST', { mac: appMac(), timeStamp: '1', oemCode: 'AC\u0000ME', sign: 'x' }, 'oemCode'],
        [
          'firmware.latest',
          'GET',
          { ...gus, macAddr: appMac(), machineTypeName: 'IPC\u0000', sysVersion1: 1, sysVersion3: 0, sysVersion4: 0, appVersion1: 1, appVersion3: 0, appVersion4: 0 },
          'machineTypeName',
        ],
        ['user_ipc_setting_v2_0.updateOemDevice', 'POST', { ...gus, macAddr: appMac(), username: 'ad\u001bmin' }, 'username'],
      ];
      for (const [service, method, params, name] of cases) {
        const res = method === 'GET' ? await getQuery<Body>(t.baseUrl, '/gateway', { service, ...params }) : await postForm<Body>(t.baseUrl, `/gateway?service=${service}`, params);
        expect([res.status, res.body]).toEqual([200, { errorCode: '000006', failureDetails: `parameter ${name} must not contain control characters` }]);
      }
    });

    it('refuses a NUL byte in the user callback uuid with OP0046 (401), naming it', async () => {
      const res = await merchant.sso('/sso/user_callback', { operation: 'DELETE', uuid: 'user\u0000' });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ errorCode: 'OP0046', failureDetails: expect.stringContaining('uuid') });
    });
  });
}

describe('field apps (embedded)', () => fieldSuite('embedded'));
describeWithInfra(['postgres', 'nats'], 'field apps (distributed: PostgreSQL + NATS)', () => fieldSuite('distributed'));
