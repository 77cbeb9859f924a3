/**
 * What the platform logs while it serves a whole merchant flow, at LOG_LEVEL=trace (docs/decisions.md LG1–LG7):
 * the operator registers a merchant (clientSecret) and a manufacturer (delKey) with the admin bearer token;
 * the merchant's app signs a user in through the merchant sandbox (token, sign), calls the gateway with
 * accessToken (in query strings and form bodies, a device password among the parameters, in the query string
 * too), opens a stream session (subtoken → sessionToken), plays a recording (signed HLS playlist and segment
 * URLs), refreshes its token (refreshToken), the manufacturer force-unbinds a device (sign over the delKey)
 * and the merchant deletes the user (signed DELETE callback). Every line the process writes is captured:
 * each is a JSON object, the lines of a request carry its request id, the credentials' names are still there
 * with their values masked, and no credential VALUE used in the flow appears anywhere.
 */
import { md5Hex, signedHeaders } from '@dcp/signing';
import { type Logger, LogCapture, configureLogging } from '@dcp/observability';
import { type MerchantSandbox, startMerchantSandbox } from '@dcp/merchant-sandbox';
import { type HttpResult, describeWithInfra, getQuery, postForm, requestJson, tsNullPackets, uniqueName } from '@dcp/testing';
import { type Mode, type TestPlatform, startTestPlatform } from './harness';

type Body = Record<string, unknown>;
type LogRecord = Record<string, unknown>;

function loggingSuite(mode: Mode) {
  const out = new LogCapture();
  /** Raw writes to stdout/stderr and console calls during the flow: the platform must make none. */
  const rawWrites: string[] = [];
  const spies: jest.SpyInstance[] = [];
  /** Every credential value the flow used or received. */
  const secrets = new Map<string, string>();
  /** Every request id the platform answered with (x-request-id), by what the request was. */
  const requestIds = new Map<string, string>();
  let t: TestPlatform;
  let site: MerchantSandbox;
  let logger: Logger;

  const keep = (what: string, value: unknown): string => {
    const v = String(value);
    expect(v.length).toBeGreaterThanOrEqual(8);
    secrets.set(`${what} #${secrets.size}`, v);
    return v;
  };
  const seen = <T>(what: string, res: HttpResult<T>): HttpResult<T> => {
    const id = res.headers.get('x-request-id');
    if (id) requestIds.set(what, id);
    return res;
  };

  beforeAll(async () => {
    logger = configureLogging({ level: 'trace', service: 'platform', destination: out });
    for (const stream of [process.stdout, process.stderr]) {
      spies.push(jest.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => (rawWrites.push(String(chunk)), true)));
    }
    for (const method of ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const) {
      spies.push(jest.spyOn(console, method).mockImplementation((...args: unknown[]) => void rawWrites.push(args.map(String).join(' '))));
    }
    t = await startTestPlatform(mode);
    // The merchant's server logs into the same process's logger (as apps/merchant-sandbox does on its own).
    site = await startMerchantSandbox({ logger });
  }, 120_000);

  afterAll(async () => {
    await site?.close();
    await t?.close();
    for (const spy of spies) spy.mockRestore();
    configureLogging({ level: 'silent' });
  });

  it('runs the whole flow (admin, SSO, gateway, stream, playback, refresh, force unbind, DELETE callback)', async () => {
    const bearer = { authorization: `Bearer ${keep('admin token', t.adminToken)}` };
    const admin = async (what: string, method: string, path: string, body?: unknown) => seen(what, await requestJson<Body>(method, `${t.adminUrl}/admin/v1${path}`, body, bearer));

    // The operator: a merchant (its clientSecret) and a manufacturer (its delKey).
    const merchant = await admin('create merchant', 'POST', '/merchants', { name: uniqueName('Log Cameras'), tokenValidationUrl: `${site.url}/idp/is_valid_token`, userProfileUrl: `${site.url}/idp/get_user_profile` });
    expect(merchant.status).toBe(201);
    const clientId = String(merchant.body.clientId);
    const clientSecret = keep('clientSecret', merchant.body.clientSecret);
    // The merchant checks the platform's signatures on its endpoints (the platform signs with the clientSecret).
    site.configureSignature({ clientSecret, clientId, requireSignature: true });
    const oemCode = uniqueName('LOGOEM').toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, 16);
    const maker = await admin('create manufacturer', 'POST', '/manufacturers', { oemCode, name: 'Log Optics' });
    expect(maker.status).toBe(201);
    const delKey = keep('delKey', maker.body.delKey);
    // A wrong bearer token is refused, and not logged either.
    const wrongBearer = keep('wrong admin token', `wrong-${uniqueName('bearer')}`);
    expect(seen('wrong bearer', await requestJson(`GET`, `${t.adminUrl}/admin/v1/merchants`, undefined, { authorization: `Bearer ${wrongBearer}` })).status).toBe(401);

    // The merchant's app signs a user in (spec 4.3, 5.1).
    const sso = async (what: string, path: string, params: Record<string, string>) => {
      const headers = signedHeaders({ method: 'POST', path, params, clientId, clientSecret, now: t.clock.now() });
      keep(`${what} sign`, headers.sign);
      return seen(what, await postForm<Body>(t.baseUrl, path, params, headers));
    };
    const user = site.store.create({ username: 'log.user@example.com', name: 'Log User' });
    const merchantToken = keep('merchant token', site.store.issueToken(user.uuid));
    const login = await sso('login', '/sso/authorize_by_token', { token: merchantToken });
    expect(login.status).toBe(200);
    const openId = String(login.body.openId);
    const accessToken = keep('accessToken', login.body.accessToken);
    const refreshToken = keep('refreshToken', login.body.refreshToken);
    const who = { clientId, openId, accessToken };

    // Gateway calls: credentials in the query string and in form bodies; a device password in both.
    const mac = `0C${Date.now().toString(16).slice(-10)}`.toUpperCase();
    const password = keep('device password', `pw-${uniqueName('device')}`);
    const device = { macAddr: mac, deviceName: 'Porch', username: 'admin', password, hasusertag: 2, supportStore: 1, supportRichMedia: 0, productName: 'LogCam', oemCode };
    const added = seen('addOemDevice (form)', await postForm<Body>(t.baseUrl, '/gateway?service=user_ipc_setting_v2_0.addOemDevice', { ...who, ...device }));
    expect(added.body).toEqual({ errorCode: '', failureDetails: '' });
    const queryPassword = keep('device password in a query string', `qpw-${uniqueName('device')}`);
    const query = new URLSearchParams({ service: 'user_ipc_setting_v2_0.updateOemDevice', ...who, macAddr: mac, password: queryPassword });
    const updated = seen('updateOemDevice (query string)', await postForm<Body>(t.baseUrl, `/gateway?${query}`, {}));
    expect(updated.body.errorCode).toBe('');
    const listed = seen('getOemDeviceByUser', await getQuery<Body>(t.baseUrl, '/gateway', { service: 'user_ipc_setting_v2_0.getOemDeviceByUser', ...who }));
    expect(listed.body.errorCode).toBe('');
    const wrongToken = keep('wrong accessToken', `not-${uniqueName('token')}`);
    expect(seen('wrong accessToken', await getQuery<Body>(t.baseUrl, '/gateway', { service: 'user_ipc_setting_v2_0.getOemDeviceByUser', ...who, accessToken: wrongToken })).body.errorCode).toBe('030040');
    // A NUL and a line feed in a parameter: refused (S10), and the line logged for it is still one JSON line.
    const forged = seen('control characters', await getQuery<Body>(t.baseUrl, '/gateway', { service: 'firmware.latest', ...who, macAddr: mac, machineTypeName: 'IPC\u0000\n{"level":"fatal","msg":"forged"}', sysVersion1: 1, sysVersion3: 0, sysVersion4: 0, appVersion1: 1, appVersion3: 0, appVersion4: 0 }));
    expect(forged.body.errorCode).toBe('000006');

    // A stream session (spec 5.2) and a recording played back over HLS.
    const info = seen('getServerInfo', await getQuery<Body>(t.baseUrl, '/gateway', { service: 'center.getServerInfo', ...who, oemCode }));
    const subtoken = keep('subtoken', (info.body.data as Body).subtoken);
    const start = Math.floor(t.clock.now() / 1000) - 600;
    const ingest = await fetch(`${t.adminUrl}/admin/v1/devices/${mac}/segments?start=${start}&duration=4&type=0`, { method: 'POST', headers: { ...bearer, 'content-type': 'video/mp2t' }, body: tsNullPackets() });
    expect(ingest.status).toBe(201);
    const timestamp = String(Math.floor(t.clock.now() / 1000) + 60);
    const sessionToken = keep('sessionToken', md5Hex(subtoken + timestamp));
    const session = { devId: mac, timestamp, sessionToken, version: '' };
    const listing = seen('record.query', await getQuery<Body>(t.baseUrl, '/stream', { service: 'record.query', ...session, recordSt: String(start - 60), recordEt: String(start + 60) }));
    expect(listing.body.errorCode).toBe('');
    const play = seen('record.play', await getQuery<Body>(t.baseUrl, '/stream', { service: 'record.play', ...session, recordSt: String(start) }));
    expect(play.body.errorCode).toBe('');
    // The playlist's address is on the store host (PUBLIC_STORE_URL); its path and query reach the same edge here.
    const recordUrl = new URL(String(play.body.recordUrl));
    keep('playlist signature', recordUrl.searchParams.get('sig'));
    const playlist = await fetch(`${t.baseUrl}${recordUrl.pathname}${recordUrl.search}`);
    expect(playlist.status).toBe(200);
    requestIds.set('playlist', String(playlist.headers.get('x-request-id')));
    const segment = new URL((await playlist.text()).split('\n').find((l) => l.startsWith('http'))!);
    keep('segment signature', segment.searchParams.get('sig'));
    const segmentRes = await fetch(`${t.baseUrl}${segment.pathname}${segment.search}`);
    expect(segmentRes.status).toBe(200);
    await segmentRes.arrayBuffer();
    requestIds.set('segment', String(segmentRes.headers.get('x-request-id')));

    // Refresh (spec 4.4): the new access token is a credential too.
    const refreshed = await sso('refresh', '/sso/refresh_token', { refreshToken });
    expect(refreshed.status).toBe(200);
    keep('refreshed accessToken', refreshed.body.accessToken);

    // The manufacturer force-unbinds the device: sign = MD5(mac + timeStamp + delKey).
    const timeStamp = String(Math.floor(t.clock.now() / 1000));
    const forceSign = keep('force unbind sign', md5Hex(`${mac}${timeStamp}${delKey}`));
    const forced = seen('delOemDeviceForce', await postForm<Body>(t.baseUrl, '/gateway?service=user_ipc_setting_v2_0.delOemDeviceForce', { mac, timeStamp, oemCode, sign: forceSign }));
    expect(forced.body).toEqual({ errorCode: '', failureDetails: '' });

    // The merchant deletes the user and tells the platform (signed DELETE callback).
    site.store.delete(user.uuid);
    const deleted = await sso('DELETE callback', '/sso/user_callback', { operation: 'DELETE', uuid: user.uuid });
    expect(deleted.status).toBe(200);
    // Let the events of the flow (device.unbound, user.deleted) be consumed and logged.
    await new Promise((r) => setTimeout(r, mode === 'embedded' ? 500 : 1500));
  }, 120_000);

  describe('what was logged', () => {
    let records: LogRecord[];
    beforeAll(() => {
      records = out.records();
    });

    it('every line is one JSON object with level, time, service and message; nothing else reached stdout, stderr or the console', () => {
      expect(out.lines.length).toBeGreaterThan(50);
      for (const line of out.lines) {
        expect(line.endsWith('\n')).toBe(true);
        expect(line.indexOf('\n')).toBe(line.length - 1);
        expect(line).not.toContain('\u001b');
      }
      for (const r of records) {
        expect(['fatal', 'error', 'warn', 'info', 'debug', 'trace']).toContain(r.level);
        expect(r).toMatchObject({ service: 'platform', time: expect.any(String), pid: process.pid });
      }
      expect(rawWrites).toEqual([]);
      // At trace: Nest's start-up lines (debug), Fastify's listening lines and the request lines are all there.
      expect(records.some((r) => r.context === 'RouterExplorer')).toBe(true);
      expect(records.some((r) => r.context === 'merchant-sandbox' && r.msg === 'request completed')).toBe(true);
      expect(records.some((r) => r.context === 'merchant-sandbox' && String(r.msg).startsWith('is_valid_token: token of user'))).toBe(true);
    });

    it('each request is one line carrying its request id: method, url (credentials masked), status, duration, gateway service', () => {
      const completed = records.filter((r) => r.msg === 'request completed' && (r.context === 'public-http' || r.context === 'admin-http'));
      for (const r of completed) expect(r).toMatchObject({ requestId: expect.any(String), method: expect.any(String), url: expect.any(String), statusCode: expect.any(Number), durationMs: expect.any(Number) });
      for (const [what, id] of requestIds) {
        expect([what, completed.filter((r) => r.requestId === id)]).toEqual([what, [expect.objectContaining({ requestId: id })]]);
      }
      const line = (what: string) => completed.find((r) => r.requestId === requestIds.get(what))!;
      expect(line('getOemDeviceByUser')).toMatchObject({ gatewayService: 'user_ipc_setting_v2_0.getOemDeviceByUser', url: expect.stringContaining('accessToken=[REDACTED]') });
      expect(line('updateOemDevice (query string)').url).toEqual(expect.stringContaining('password=[REDACTED]'));
      expect(line('record.query')).toMatchObject({ gatewayService: 'record.query', url: expect.stringContaining('sessionToken=[REDACTED]') });
      expect(line('playlist').url).toMatch(/^\/hls\/.*&sig=\[REDACTED\]$/);
      expect(line('segment').url).toMatch(/^\/hls\/.*sig=\[REDACTED\]$/);
      expect(line('create merchant')).toMatchObject({ context: 'admin-http', method: 'POST', url: '/admin/v1/merchants', statusCode: 201 });
      expect(line('wrong bearer')).toMatchObject({ statusCode: 401 });
    });

    it('what the services log while serving a request carries that request id (and its trace id)', () => {
      const byRequest = (what: string) => records.filter((r) => r.requestId === requestIds.get(what));
      expect(byRequest('create merchant')).toEqual(expect.arrayContaining([expect.objectContaining({ context: 'sso-merchants', msg: expect.stringContaining('registered') })]));
      expect(byRequest('create manufacturer')).toEqual(expect.arrayContaining([expect.objectContaining({ context: 'device-manufacturers' })]));
      expect(byRequest('delOemDeviceForce')).toEqual(expect.arrayContaining([expect.objectContaining({ context: 'device-force-unbind' })]));
      expect(byRequest('DELETE callback')).toEqual(expect.arrayContaining([expect.objectContaining({ context: 'sso-user-callback' })]));
      for (const r of records.filter((x) => x.requestId !== undefined && x.context !== 'merchant-sandbox')) expect(r.traceId).toEqual(expect.stringMatching(/^[0-9a-f]{32}$/));
    });

    it('the NUL and line feed sent in machineTypeName did not forge a line', () => {
      expect(records.filter((r) => r.msg === 'forged')).toEqual([]);
      const refused = records.find((r) => r.requestId === requestIds.get('control characters') && r.msg === 'request completed')!;
      expect(refused.url).toContain('machineTypeName=IPC%00%0A');
    });

    it('no credential value used in the flow appears anywhere in the output, plain or URL-encoded', () => {
      const text = out.text();
      expect(secrets.size).toBeGreaterThanOrEqual(15);
      for (const [what, value] of secrets) {
        expect([what, text.includes(value)]).toEqual([what, false]);
        expect([what, text.includes(encodeURIComponent(value))]).toEqual([what, false]);
        expect([what, text.toLowerCase().includes(value.toLowerCase())]).toEqual([what, false]);
      }
      // …and the names are still there, so that the lines say what was masked.
      for (const name of ['accessToken=[REDACTED]', 'sessionToken=[REDACTED]', 'sig=[REDACTED]', 'password=[REDACTED]']) expect(text).toContain(name);
    });

    it('the admin token is never printed: not by the edge, not by a service', () => {
      expect(out.text()).not.toContain(t.adminToken);
    });
  });
}

describe('logs of a whole flow (embedded)', () => loggingSuite('embedded'));
describeWithInfra(['postgres', 'nats'], 'logs of a whole flow (distributed: PostgreSQL + NATS)', () => loggingSuite('distributed'));
