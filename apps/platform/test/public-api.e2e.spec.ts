/**
 * The public API document as clients meet it (embedded mode): `GET /openapi.json` answers the document,
 * `GET /docs` the browsable reference with every asset it loads, from the platform's own origin; the SSO
 * bounds the document states are the ones sso-service enforces; every operation's real success answer has
 * exactly the fields its catalogue entry (and so the document) states; an unknown path answers HTTP 404 with
 * the envelope (docs/decisions.md S11, S12).
 */
import { z } from 'zod';
import { GATEWAY_OPERATIONS, type OperationKey, SSO_OPERATIONS } from '@dcp/contracts';
import { buildPublicOpenApiDocument } from '@dcp/edge';
import { ALARM_PATH, md5Hex, signAlarm, unbindSign } from '@dcp/signing';
import { getQuery, postForm } from '@dcp/testing';
import { type TestPlatform, startTestPlatform } from './harness';
import { type Body, type Credentials, MerchantApp, admin, deviceForm } from './merchant-app';

type Json = Record<string, any>;

const successSchema = (response: z.ZodObject) => z.object({ errorCode: z.literal(''), failureDetails: z.literal('') }).extend(response.shape);

/**
 * The answer has exactly the documented fields: it parses, and parsing drops nothing (zod strips unknown keys
 * at every level, so an undocumented field anywhere makes the parsed answer differ).
 */
function expectDocumented(response: z.ZodObject, body: unknown, label: string): void {
  const parsed = successSchema(response).safeParse(body);
  expect([label, parsed.success ? 'ok' : parsed.error.message]).toEqual([label, 'ok']);
  expect([label, parsed.data]).toEqual([label, body]);
}

describe('public API document and reference (embedded)', () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await startTestPlatform('embedded');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('GET /openapi.json answers the OpenAPI 3.1 document generated from the catalogue', async () => {
    const res = await fetch(`${t.baseUrl}/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual(JSON.parse(JSON.stringify(buildPublicOpenApiDocument())));
  });

  it('GET /docs answers the reference page; every script, style and icon it loads is served by the platform itself', async () => {
    const res = await fetch(`${t.baseUrl}/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'; script-src 'self'/);
    const page = await res.text();
    // No CDN: nothing absolute, every asset relative to the platform.
    expect(page).not.toMatch(/(src|href)="(https?:)?\/\//);
    const assets = [...page.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]).filter((u) => u !== 'openapi.json');
    expect(assets).toEqual(expect.arrayContaining(['docs/swagger-ui.css', 'docs/swagger-ui-bundle.js', 'docs/init.js']));
    for (const asset of assets) {
      const a = await fetch(new URL(asset, `${t.baseUrl}/docs`));
      expect([asset, a.status]).toEqual([asset, 200]);
      const bytes = Buffer.from(await a.arrayBuffer());
      expect(bytes.length).toBeGreaterThan(0);
      if (asset.endsWith('.js')) expect(a.headers.get('content-type')).toMatch(/^text\/javascript/);
      if (asset.endsWith('.css')) expect(a.headers.get('content-type')).toMatch(/^text\/css/);
      if (asset.endsWith('swagger-ui-bundle.js')) expect(bytes.toString('utf8')).toContain('SwaggerUIBundle');
      if (asset.endsWith('init.js')) expect(bytes.toString('utf8')).toMatch(/openapi\.json[\s\S]*validatorUrl: null/);
    }
  });

  describe('an unknown path (decisions S12)', () => {
    it('answers HTTP 404 with the envelope: 009999, naming the path (without its query string)', async () => {
      for (const [method, path, named] of [
        ['GET', '/x', '/x'],
        ['POST', '/x?service=cloud_system.current_time', '/x'],
        ['GET', '/gateway/extra', '/gateway/extra'],
        ['GET', '/sso/authorize_by_token/extra', '/sso/authorize_by_token/extra'],
        ['GET', '/docs/nothing.js', '/docs/nothing.js'],
        ['DELETE', '/openapi.json', '/openapi.json'],
      ] as const) {
        const res = await fetch(`${t.baseUrl}${path}`, { method });
        expect([method, path, res.status]).toEqual([method, path, 404]);
        expect(res.headers.get('content-type')).toMatch(/^application\/json/);
        expect(await res.json()).toEqual({ errorCode: '009999', failureDetails: `no such path: ${named}` });
      }
    });

    it('echoes at most 200 characters of it', async () => {
      const res = await fetch(`${t.baseUrl}/${'a'.repeat(500)}`);
      expect(res.status).toBe(404);
      expect((await res.json()) as Body).toEqual({ errorCode: '009999', failureDetails: `no such path: /${'a'.repeat(199)}…` });
    });

    it('leaves known paths as they were: /gateway and /stream answer 200, an unknown SSO operation 401', async () => {
      expect((await getQuery(t.baseUrl, '/gateway', { service: 'no.such' })).status).toBe(200);
      expect((await getQuery(t.baseUrl, '/stream')).status).toBe(200);
      const sso = await postForm(t.baseUrl, '/sso/nothing', {});
      expect([sso.status, sso.body.errorCode]).toEqual([401, 'OP0046']);
    });

    it('the admin port keeps its own 404 (AD0404)', async () => {
      const res = await admin(t, 'GET', '/nothing');
      expect([res.status, res.body.errorCode]).toEqual([404, 'AD0404']);
      const outside = await fetch(`${t.adminUrl}/x`);
      expect(outside.status).toBe(404);
      expect(((await outside.json()) as Body).errorCode).toBe('AD0404');
    });
  });

  describe('with a merchant', () => {
    let merchant: MerchantApp;
    beforeAll(async () => {
      merchant = await MerchantApp.register(t, 'Docs Cameras');
    });
    afterAll(async () => {
      await merchant?.close();
    });

    it('sso-service enforces exactly the SSO parameter bounds the document states (left out, one character too long, not an allowed value)', async () => {
      const doc = (await (await fetch(`${t.baseUrl}/openapi.json`)).json()) as Json;
      const user = merchant.site.store.create({ username: 'bounds@example.com', name: 'Bounds' });
      for (const op of SSO_OPERATIONS) {
        const path = `/sso/${op.operation}`;
        const body = doc.paths[path].post.requestBody.content['application/x-www-form-urlencoded'].schema as Json;
        const valid: Record<string, string> = Object.fromEntries(
          Object.entries(body.properties as Record<string, Json>).map(([name, s]) => [name, s.enum ? String(s.enum[0]) : name === 'uuid' ? user.uuid : 'x']),
        );
        const refused = async (params: Record<string, string>, name: string, what: string) => {
          const res = await merchant.sso(path, params);
          expect([path, what, res.status, res.body.errorCode, String(res.body.failureDetails).startsWith(`parameter ${name} `)]).toEqual([path, what, 401, 'OP0046', true]);
        };
        for (const [name, s] of Object.entries(body.properties as Record<string, Json>)) {
          if ((body.required as string[]).includes(name)) await refused(Object.fromEntries(Object.entries(valid).filter(([k]) => k !== name)), name, `${name} left out`);
          await refused({ ...valid, [name]: 'x'.repeat(s.maxLength + 1) }, name, `${name} of ${s.maxLength + 1} characters`);
          await refused({ ...valid, [name]: '' }, name, `${name} empty`);
          if (s.enum) await refused({ ...valid, [name]: String(s.enum[0]).toLowerCase() }, name, `${name} not one of ${s.enum}`);
          // At its documented maximum length the parameter passes the parameter checks (whatever the operation then says).
          const atMax = await merchant.sso(path, { ...valid, [name]: s.enum ? String(s.enum[0]) : name === 'uuid' ? user.uuid : 'y'.repeat(s.maxLength) });
          expect([path, name, atMax.body.errorCode]).not.toEqual([path, name, 'OP0046']);
        }
      }
    });

    it('every operation answers exactly the fields the document states: the SSO operations and every catalogue entry, on a real call', async () => {
      const answered = new Set<string>();
      const check = (key: OperationKey, res: { body: Body }) => {
        expectDocumented(GATEWAY_OPERATIONS[key].response, res.body, GATEWAY_OPERATIONS[key].service);
        answered.add(key);
      };
      const [login, refresh, callback] = SSO_OPERATIONS;
      const site = merchant.site.store.create({ username: 'answers@example.com', name: 'Answers' });
      const signedIn = await merchant.sso('/sso/authorize_by_token', { token: merchant.site.store.issueToken(site.uuid)! });
      expectDocumented(login.response, signedIn.body, login.operation);
      const refreshed = await merchant.sso('/sso/refresh_token', { refreshToken: String(signedIn.body.refreshToken) });
      expectDocumented(refresh.response, refreshed.body, refresh.operation);
      expectDocumented(callback.response, (await merchant.sso('/sso/user_callback', { operation: 'UPDATE', uuid: site.uuid })).body, callback.operation);
      const user: Credentials = { clientId: merchant.clientId, openId: String(signedIn.body.openId), accessToken: String(refreshed.body.accessToken) };

      // Devices (spec 2.4), with a manufacturer whose delKey signs a force unbind.
      const maker = await admin(t, 'POST', '/manufacturers', { oemCode: 'DOCS', name: 'Docs Manufacturing' });
      expect(maker.status).toBe(201);
      const mac = '0A1B2C3D4E51';
      check('addOemDevice', await merchant.post('user_ipc_setting_v2_0.addOemDevice', user, deviceForm(mac, { oemCode: 'DOCS' })));
      check('updateOemDevice', await merchant.post('user_ipc_setting_v2_0.updateOemDevice', user, { macAddr: mac, deviceName: 'Porch' }));
      check('getOemDeviceByUser', await merchant.get('user_ipc_setting_v2_0.getOemDeviceByUser', user));
      check('getOemDeviceByUserAndMac', await merchant.get('user_ipc_setting_v2_0.getOemDeviceByUserAndMac', user, { macAddr: mac }));

      // Grants (spec 2.5) and the current service (2.6).
      expect((await admin(t, 'POST', '/permissions', { permissionCode: 'docs-30', permissionName: 'Cloud 30', permissionType: 1, durationDays: 30 })).status).toBe(201);
      const grant = await admin(t, 'POST', '/grants', { openId: user.openId, permissionCode: 'docs-30' });
      expect(grant.status).toBe(201);
      const waiting = await merchant.get('permission.query_user_not_active', user, { supportBpi: 1 });
      expect((waiting.body.data as unknown[]).length).toBe(1);
      check('queryUserNotActive', waiting);
      check('activatePermission', await merchant.post('permission.active', user, { grantId: String(grant.body.grantId), ipcMac: mac }));
      const valid = await merchant.get('permission.query_user_ipcs_valid', user);
      expect((valid.body.data as unknown[]).length).toBe(1);
      check('queryUserIpcsValid', valid);
      check('getCurrentService', await merchant.get('fcmall.get_current_service', user, { macAddr: mac }));

      // Sub-service information (2.7), server time, firmware (2.9).
      const info = await merchant.get('center.getServerInfo', user, { oemCode: 'DOCS' });
      check('getServerInfo', info);
      check('currentTime', await merchant.get('cloud_system.current_time', undefined));
      const release = { machineTypeName: 'DocsCam', type: 1, version1: 2, version2: '0', version3: 0, version4: 0, patchVersion: 0, downloadUri: 'https://fw.example.com/docs.bin', md5: 'c'.repeat(32), desc: { zh: '更新', en: 'Update' } };
      expect((await admin(t, 'POST', '/firmware', release)).status).toBe(201);
      const versions = { sysVersion1: 1, sysVersion3: 0, sysVersion4: 0, appVersion1: 1, appVersion3: 0, appVersion4: 0 };
      const offer = await merchant.get('firmware.latest', user, { macAddr: mac, machineTypeName: 'DocsCam', ...versions });
      expect(offer.body.data).toBeDefined();
      check('firmwareLatest', offer);
      const upToDate = await merchant.get('firmware.latest', user, { macAddr: mac, machineTypeName: 'DocsCam', ...versions, sysVersion1: 2 });
      expect(upToDate.body.data).toBeUndefined();
      check('firmwareLatest', upToDate);

      // Cloud storage (spec 4.5, 2.8): one recorded segment an hour ago.
      const start = Math.floor(t.clock.now() / 1000) - 3600;
      const ts = Buffer.alloc(188 * 4, 0xff);
      for (let i = 0; i < 4; i++) ts.set([0x47, 0x1f, 0xff, 0x10], i * 188);
      const ingest = await fetch(`${t.adminUrl}/admin/v1/devices/${mac}/segments?start=${start}&duration=2&type=1`, {
        method: 'POST',
        headers: { authorization: `Bearer ${t.adminToken}`, 'content-type': 'video/mp2t' },
        body: ts,
      });
      expect(ingest.status).toBe(201);
      const timestamp = String(Math.floor(t.clock.now() / 1000) + 60);
      const session = { devId: mac, timestamp, sessionToken: md5Hex(String((info.body.data as Body).subtoken) + timestamp) };
      const stream = (service: string, params: Record<string, string | number> = {}) => getQuery<Body>(t.baseUrl, '/stream', { service, ...session, ...params });
      const days = await stream('record.date.query');
      // Its UTC hour (two when the 2-s segment crossed the hour).
      expect((days.body.dateList as unknown[]).length).toBeGreaterThan(0);
      check('recordDateQuery', days);
      const clips = await stream('record.query', { recordSt: start - 60, recordEt: start + 60, version: '' });
      expect((clips.body.recordList as unknown[]).length).toBe(1);
      check('recordQuery', clips);
      check('recordPlay', await stream('record.play', { recordSt: start, version: '' }));
      check('recordDownload', await stream('record.download', { recordSt: start, recordEt: start + 2, version: '' }));

      // The message center (decisions PS5): an alarm of the device with a picture, as its camera posts it.
      const alarm = { mac, type: '1', time: String(Math.floor(t.clock.now() / 1000) - 5), timestamp: String(Math.floor(t.clock.now() / 1000)) };
      const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0xff, 0xd9]);
      const posted = await fetch(`${t.baseUrl}${ALARM_PATH}?${new URLSearchParams({ ...alarm, signature: signAlarm(String((info.body.data as Body).tag), { ...alarm, picture: jpeg }) })}`, {
        method: 'POST',
        headers: { 'content-type': 'image/jpeg' },
        body: new Uint8Array(jpeg),
      });
      expect(posted.status).toBe(201);
      const messages = await merchant.get('push_message.list', user, { devId: mac });
      expect((messages.body.data as { list: Body[] }).list).toHaveLength(1);
      check('listMessages', messages);
      check('countUnreadMessages', await merchant.get('push_message.unread_count', user));
      const messageId = String((messages.body.data as { list: Body[] }).list[0].messageId);
      check('markMessagesRead', await merchant.post('push_message.mark_read', user, { messageIds: messageId }));
      check('deleteMessages', await merchant.post('push_message.delete', user, { messageIds: messageId }));

      // Push endpoints and switches (decisions PS8, PS9), once the operator set the merchant's push server up.
      expect((await admin(t, 'PUT', `/push/merchants/${merchant.clientId}/providers/webhook`, { url: `${merchant.site.url}/push` })).status).toBe(200);
      check('registerPushEndpoint', await merchant.post('push_endpoint.register', user, { provider: 'webhook', token: 'docs-recipient', devIds: mac }));
      check('listPushEndpoints', await merchant.get('push_endpoint.list', user));
      check('removePushEndpoint', await merchant.post('push_endpoint.remove', user, { provider: 'webhook', token: 'docs-recipient' }));
      check('setPushSwitch', await merchant.post('push_switch.set', user, { enabled: 0, devId: mac, type: 4 }));
      check('listPushSwitches', await merchant.get('push_switch.list', user));

      // Unbinding: the manufacturer's force unbind, then the user's own delete of a second device.
      const timeStamp = String(Math.floor(t.clock.now() / 1000));
      check('delOemDeviceForce', await merchant.post('user_ipc_setting_v2_0.delOemDeviceForce', undefined, { mac, timeStamp, oemCode: 'DOCS', sign: unbindSign(mac, timeStamp, String(maker.body.delKey)) }));
      const second = '0A1B2C3D4E52';
      await merchant.post('user_ipc_setting_v2_0.addOemDevice', user, deviceForm(second));
      check('delOemDeviceByMac', await merchant.post('user_ipc_setting_v2_0.delOemDeviceByMac', user, { macAddr: second }));

      // Adding a catalogue entry means showing its real answer here.
      expect([...answered].sort()).toEqual(Object.keys(GATEWAY_OPERATIONS).sort());
    });
  });
});
