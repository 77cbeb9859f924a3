/**
 * The public API document as a merchant uses it (embedded mode): types generated from the served
 * `/openapi.json` with openapi-typescript (its Node API, default options) and an openapi-fetch client with
 * default settings call every gateway and stream operation and the SSO operations, and each answers the
 * success its document states. The generated types are committed (generated/public-api.ts) and the spec
 * fails when they are not what openapi-typescript makes of the served document now, so `tsc` checks every
 * call below against exactly what a merchant would generate. A form body is sent as the document tells
 * merchants to: the Content-Type header, openapi-fetch's default body serializer. The served document also
 * passes Redocly's recommended rules, with no error and no warning.
 */
import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import createClient from 'openapi-fetch';
import { z } from 'zod';
import { GATEWAY_OPERATIONS, SSO_OPERATIONS } from '@dcp/contracts';
import { ALARM_PATH, md5Hex, signAlarm, signedHeaders, unbindSign } from '@dcp/signing';
import type { paths } from './generated/public-api';
import { type TestPlatform, startTestPlatform } from './harness';
import { MerchantApp, admin } from './merchant-app';

type Json = Record<string, any>;

const REPO_ROOT = resolve(__dirname, '../../..');
const TYPES_FILE = join(__dirname, 'generated/public-api.ts');
const HEADER = '// Generated from GET /openapi.json by openapi-typescript (apps/platform/test/public-api-client.e2e.spec.ts): do not edit.\n// UPDATE_PUBLIC_API_TYPES=1 npx jest -c apps/platform/jest.config.cjs public-api-client writes it anew.\n';

/** openapi-typescript's Node API with its default options. It is ESM-only, so it runs in a child Node process. */
function generateTypes(document: string): string {
  const script = `
    import openapiTS, { astToString } from 'openapi-typescript';
    let input = '';
    for await (const chunk of process.stdin) input += chunk;
    process.stdout.write(astToString(await openapiTS(JSON.parse(input))));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: REPO_ROOT, input: document, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`openapi-typescript failed: ${run.stderr}`);
  return HEADER + run.stdout;
}

/** `redocly lint --extends recommended` on the document: its exit status and report. */
function redoclyLint(document: string): { status: number | null; report: string } {
  const file = join(mkdtempSync(join(tmpdir(), 'dcp-openapi-')), 'openapi.json');
  writeFileSync(file, document);
  const run = spawnSync(process.execPath, [require.resolve('@redocly/cli/bin/cli.js'), 'lint', '--extends', 'recommended', '--format', 'stylish', file], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
  });
  return { status: run.status, report: `${run.stdout}\n${run.stderr}` };
}

/**
 * jest runs a spec in a realm of its own, while fetch's Headers come from Node's: openapi-fetch's default body
 * serializer recognises a Headers by `headers.get instanceof Function`, false across realms, and would send
 * JSON under a form Content-Type. A merchant's Node process has one realm; this makes the spec's realm answer
 * as it does (the last test runs the same form call in a plain Node process, without it).
 */
function sameRealmFunctions(): () => void {
  const before = Object.getOwnPropertyDescriptor(Function, Symbol.hasInstance);
  Object.defineProperty(Function, Symbol.hasInstance, { value: (v: unknown) => typeof v === 'function', configurable: true });
  return () => (before ? Object.defineProperty(Function, Symbol.hasInstance, before) : delete (Function as unknown as Record<symbol, unknown>)[Symbol.hasInstance]);
}

/** openapi-fetch in a plain Node process, default settings: one form POST as a merchant writes it; what went on the wire and the answer. */
async function formPostInNode(baseUrl: string, service: string, body: Record<string, string>): Promise<{ url: string; contentType: string; sent: string; answer: Json }> {
  const script = `
    import createClient from 'openapi-fetch';
    const [baseUrl, service, body] = [process.argv[1], process.argv[2], JSON.parse(process.argv[3])];
    let wire;
    const client = createClient({ baseUrl, fetch: async (request) => { wire = { url: request.url, contentType: request.headers.get('content-type'), sent: await request.clone().text() }; return fetch(request); } });
    const { data } = await client.POST('/gateway', { params: { query: { service } }, body, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    process.stdout.write(JSON.stringify({ ...wire, answer: data }));`;
  // Not spawnSync: the embedded platform answers from this process's event loop.
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script, baseUrl, service, JSON.stringify(body)], { cwd: REPO_ROOT, encoding: 'utf8' });
  return JSON.parse(stdout) as { url: string; contentType: string; sent: string; answer: Json };
}

describe('the public API document through a generated client (embedded)', () => {
  let t: TestPlatform;
  let merchant: MerchantApp;
  let served: string;
  let doc: Json;
  beforeAll(async () => {
    t = await startTestPlatform('embedded');
    merchant = await MerchantApp.register(t, 'Generated Client Cameras');
    served = await (await fetch(`${t.baseUrl}/openapi.json`)).text();
    doc = JSON.parse(served) as Json;
  });
  afterAll(async () => {
    await merchant?.close();
    await t?.close();
  });

  it('passes Redocly\'s recommended rules: no error, no warning', () => {
    const { status, report } = redoclyLint(served);
    expect([status, report]).toEqual([0, expect.stringContaining('Your API description is valid')]);
    expect(report).not.toMatch(/^\s*\d+:\d+\s+(error|warning)\s|You have \d+ warning/m);
  });

  it('the committed types are what openapi-typescript generates from the served document', () => {
    const generated = generateTypes(served);
    if (process.env.UPDATE_PUBLIC_API_TYPES === '1') writeFileSync(TYPES_FILE, generated);
    expect(readFileSync(TYPES_FILE, 'utf8')).toBe(generated);
  });

  it('an openapi-fetch client with default settings calls every operation, and each answers its documented success', async () => {
    const restore = sameRealmFunctions();
    try {
      await everyOperation();
    } finally {
      restore();
    }
  });

  async function everyOperation(): Promise<void> {
    const client = createClient<paths>({ baseUrl: t.baseUrl });
    const form = { 'Content-Type': 'application/x-www-form-urlencoded' } as const;
    const schemas = doc.components.schemas as Record<string, Json>;
    const answered = new Set<string>();
    const ssoAnswered = new Set<string>();
    /** The answer is 200 and valid against the operation's `<Name>Success` schema of the served document. */
    const ok = (key: keyof typeof GATEWAY_OPERATIONS, result: { data?: unknown; error?: unknown; response: Response }): Json => {
      const { service } = GATEWAY_OPERATIONS[key];
      const name = `${key.charAt(0).toUpperCase()}${key.slice(1)}`;
      expect([service, result.response.status, result.error]).toEqual([service, 200, undefined]);
      const parsed = z.fromJSONSchema(schemas[`${name}Success`] as never).safeParse(result.data);
      expect([service, parsed.success ? 'ok' : parsed.error.message, result.data]).toEqual([service, 'ok', result.data]);
      answered.add(key);
      return result.data as Json;
    };
    const ssoOk = (operation: string, result: { data?: unknown; error?: unknown; response: Response }): Json => {
      const success = doc.paths[`/sso/${operation}`].post.responses['200'].content['application/json'].schema;
      expect([operation, result.response.status, result.error]).toEqual([operation, 200, undefined]);
      const parsed = z.fromJSONSchema(success as never).safeParse(result.data);
      expect([operation, parsed.success ? 'ok' : parsed.error.message]).toEqual([operation, 'ok']);
      ssoAnswered.add(operation);
      return result.data as Json;
    };
    const sign = (path: string, params: Record<string, string>) => ({
      ...signedHeaders({ method: 'POST', path, params, clientId: merchant.clientId, clientSecret: merchant.clientSecret, now: t.clock.now() }),
      'x-version': '1.0' as const,
    });

    // SSO (signed form posts): sign-in, refresh, and the merchant's user callback.
    const site = merchant.site.store.create({ username: 'client@example.com', name: 'Client' });
    const token = merchant.site.store.issueToken(site.uuid)!;
    const login = ssoOk('authorize_by_token', await client.POST('/sso/authorize_by_token', { params: { header: sign('/sso/authorize_by_token', { token }) }, body: { token }, headers: form }));
    const refreshToken = String(login.refreshToken);
    const refreshed = ssoOk('refresh_token', await client.POST('/sso/refresh_token', { params: { header: sign('/sso/refresh_token', { refreshToken }) }, body: { refreshToken }, headers: form }));
    ssoOk('user_callback', await client.POST('/sso/user_callback', { params: { header: sign('/sso/user_callback', { operation: 'UPDATE', uuid: site.uuid }) }, body: { operation: 'UPDATE', uuid: site.uuid }, headers: form }));
    const user = { clientId: merchant.clientId, openId: String(login.openId), accessToken: String(refreshed.accessToken) };

    // Devices, with a manufacturer whose delKey signs a force unbind.
    const maker = await admin(t, 'POST', '/manufacturers', { oemCode: 'GENC', name: 'Generated Client Manufacturing' });
    expect(maker.status).toBe(201);
    const mac = '0A1B2C3D4E61';
    const device = { macAddr: mac, deviceName: 'Front door', username: 'admin', password: 'c2VjcmV0', hasusertag: 2 as const, supportStore: 1 as const, supportRichMedia: 0 as const, productName: 'DoorCam 3' };
    ok('addOemDevice', await client.POST('/gateway', { params: { query: { service: 'user_ipc_setting_v2_0.addOemDevice' } }, body: { ...user, ...device, oemCode: 'GENC' }, headers: form }));
    // A JSON body, openapi-fetch's default, works as well.
    ok('updateOemDevice', await client.POST('/gateway', { params: { query: { service: 'user_ipc_setting_v2_0.updateOemDevice' } }, body: { ...user, macAddr: mac, deviceName: 'Porch' } }));
    ok('getOemDeviceByUser', await client.GET('/gateway', { params: { query: { service: 'user_ipc_setting_v2_0.getOemDeviceByUser', ...user } } }));
    ok('getOemDeviceByUserAndMac', await client.GET('/gateway', { params: { query: { service: 'user_ipc_setting_v2_0.getOemDeviceByUserAndMac', ...user, macAddr: mac } } }));

    // Grants and the current service.
    expect((await admin(t, 'POST', '/permissions', { permissionCode: 'genc-30', permissionName: 'Cloud 30', permissionType: 1, durationDays: 30 })).status).toBe(201);
    const grant = await admin(t, 'POST', '/grants', { openId: user.openId, permissionCode: 'genc-30' });
    expect(grant.status).toBe(201);
    const waiting = ok('queryUserNotActive', await client.GET('/gateway', { params: { query: { service: 'permission.query_user_not_active', ...user, supportBpi: 1 } } }));
    expect(waiting.data).toHaveLength(1);
    ok('activatePermission', await client.POST('/gateway', { params: { query: { service: 'permission.active' } }, body: { ...user, grantId: Number(grant.body.grantId), ipcMac: mac }, headers: form }));
    expect(ok('queryUserIpcsValid', await client.GET('/gateway', { params: { query: { service: 'permission.query_user_ipcs_valid', ...user } } })).data).toHaveLength(1);
    ok('getCurrentService', await client.GET('/gateway', { params: { query: { service: 'fcmall.get_current_service', ...user, macAddr: mac } } }));

    // Sub-service information, server time, firmware.
    const info = ok('getServerInfo', await client.GET('/gateway', { params: { query: { service: 'center.getServerInfo', ...user, oemCode: 'GENC' } } })).data as Json;
    ok('currentTime', await client.GET('/gateway', { params: { query: { service: 'cloud_system.current_time' } } }));
    const release = { machineTypeName: 'GencCam', type: 1, version1: 2, version2: '0', version3: 0, version4: 0, patchVersion: 0, downloadUri: 'https://fw.example.com/genc.bin', md5: 'c'.repeat(32), desc: { zh: '更新', en: 'Update' } };
    expect((await admin(t, 'POST', '/firmware', release)).status).toBe(201);
    const versions = { sysVersion1: 1, sysVersion3: 0, sysVersion4: 0, appVersion1: 1, appVersion3: 0, appVersion4: 0 };
    const offer = ok('firmwareLatest', await client.GET('/gateway', { params: { query: { service: 'firmware.latest', ...user, macAddr: mac, machineTypeName: 'GencCam', ...versions } } }));
    expect(offer.data).toBeDefined();

    // Cloud storage: one recorded segment an hour ago, read with the owner's session token.
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
    const session = { devId: mac, timestamp, sessionToken: md5Hex(String(info.subtoken) + timestamp) };
    expect((ok('recordDateQuery', await client.GET('/stream', { params: { query: { service: 'record.date.query', ...session } } })).dateList as unknown[]).length).toBeGreaterThan(0);
    const clips = ok('recordQuery', await client.GET('/stream', { params: { query: { service: 'record.query', ...session, recordSt: String(start - 60), recordEt: String(start + 60), version: '' } } }));
    expect(clips.recordList).toHaveLength(1);
    ok('recordPlay', await client.GET('/stream', { params: { query: { service: 'record.play', ...session, recordSt: String(start), version: '' } } }));
    ok('recordDownload', await client.GET('/stream', { params: { query: { service: 'record.download', ...session, recordSt: String(start), recordEt: String(start + 2), version: '' } } }));

    // The message center: an alarm of the device with a picture, as its camera posts it.
    const alarm = { mac, type: '1', time: String(Math.floor(t.clock.now() / 1000) - 5), timestamp: String(Math.floor(t.clock.now() / 1000)) };
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0xff, 0xd9]);
    const posted = await fetch(`${t.baseUrl}${ALARM_PATH}?${new URLSearchParams({ ...alarm, signature: signAlarm(String(info.tag), { ...alarm, picture: jpeg }) })}`, {
      method: 'POST',
      headers: { 'content-type': 'image/jpeg' },
      body: new Uint8Array(jpeg),
    });
    expect(posted.status).toBe(201);
    const messages = ok('listMessages', await client.GET('/gateway', { params: { query: { service: 'push_message.list', ...user, devId: mac } } }));
    expect(messages.data.list).toHaveLength(1);
    ok('countUnreadMessages', await client.GET('/gateway', { params: { query: { service: 'push_message.unread_count', ...user } } }));
    const messageIds = String(messages.data.list[0].messageId);
    ok('markMessagesRead', await client.POST('/gateway', { params: { query: { service: 'push_message.mark_read' } }, body: { ...user, messageIds }, headers: form }));
    ok('deleteMessages', await client.POST('/gateway', { params: { query: { service: 'push_message.delete' } }, body: { ...user, messageIds }, headers: form }));

    // Push endpoints and switches, once the operator set the merchant's push server up.
    expect((await admin(t, 'PUT', `/push/merchants/${merchant.clientId}/providers/webhook`, { url: `${merchant.site.url}/push` })).status).toBe(200);
    ok('registerPushEndpoint', await client.POST('/gateway', { params: { query: { service: 'push_endpoint.register' } }, body: { ...user, provider: 'webhook', token: 'genc-recipient', devIds: mac }, headers: form }));
    ok('listPushEndpoints', await client.GET('/gateway', { params: { query: { service: 'push_endpoint.list', ...user } } }));
    ok('removePushEndpoint', await client.POST('/gateway', { params: { query: { service: 'push_endpoint.remove' } }, body: { ...user, provider: 'webhook', token: 'genc-recipient' }, headers: form }));
    ok('setPushSwitch', await client.POST('/gateway', { params: { query: { service: 'push_switch.set' } }, body: { ...user, enabled: 0, devId: mac, type: 4 }, headers: form }));
    ok('listPushSwitches', await client.GET('/gateway', { params: { query: { service: 'push_switch.list', ...user } } }));

    // Unbinding: the manufacturer's force unbind, then the user's own delete of a second device.
    const timeStamp = String(Math.floor(t.clock.now() / 1000));
    ok('delOemDeviceForce', await client.POST('/gateway', { params: { query: { service: 'user_ipc_setting_v2_0.delOemDeviceForce' } }, body: { mac, timeStamp, oemCode: 'GENC', sign: unbindSign(mac, timeStamp, String(maker.body.delKey)) }, headers: form }));
    const second = '0A1B2C3D4E62';
    ok('addOemDevice', await client.POST('/gateway', { params: { query: { service: 'user_ipc_setting_v2_0.addOemDevice' } }, body: { ...user, ...device, macAddr: second, oemCode: 'GENC' }, headers: form }));
    ok('delOemDeviceByMac', await client.POST('/gateway', { params: { query: { service: 'user_ipc_setting_v2_0.delOemDeviceByMac' } }, body: { ...user, macAddr: second }, headers: form }));

    // Every catalogue operation went through the generated client.
    expect([...answered].sort()).toEqual(Object.keys(GATEWAY_OPERATIONS).sort());
    expect([...ssoAnswered].sort()).toEqual(SSO_OPERATIONS.map((op) => op.operation).sort());
  }

  it('sends a GET as service=…&<parameter>=… (no request[…] object), which the platform answers', async () => {
    const seen: string[] = [];
    // A fetch that only looks at what is sent; the client's settings are the defaults.
    const client = createClient<paths>({
      baseUrl: t.baseUrl,
      fetch: (request: Request) => {
        seen.push(request.url);
        return fetch(request);
      },
    });
    const { data } = await client.GET('/gateway', { params: { query: { service: 'user_ipc_setting_v2_0.getOemDeviceByUserAndMac', clientId: 'c1', openId: 'o1', accessToken: 'a1', macAddr: '0A1B2C3D4E5F' } } });
    expect(seen).toEqual([`${t.baseUrl}/gateway?service=user_ipc_setting_v2_0.getOemDeviceByUserAndMac&clientId=c1&openId=o1&accessToken=a1&macAddr=0A1B2C3D4E5F`]);
    // The parameters were read (an unknown merchant), not refused as missing (000006).
    expect(data).toMatchObject({ errorCode: '030010' });
  });

  it('in a plain Node process, the Content-Type header alone makes openapi-fetch send a form, which the platform reads', async () => {
    const sent = await formPostInNode(t.baseUrl, 'user_ipc_setting_v2_0.updateOemDevice', { clientId: 'c1', openId: 'o1', accessToken: 'a1', macAddr: '0A1B2C3D4E5F', deviceName: 'Porch' });
    expect(sent).toMatchObject({ url: `${t.baseUrl}/gateway?service=user_ipc_setting_v2_0.updateOemDevice`, contentType: 'application/x-www-form-urlencoded', sent: 'clientId=c1&openId=o1&accessToken=a1&macAddr=0A1B2C3D4E5F&deviceName=Porch' });
    expect(sent.answer).toMatchObject({ errorCode: '030010' });
  });
});
