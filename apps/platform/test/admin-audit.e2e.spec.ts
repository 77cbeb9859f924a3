/**
 * Named admin tokens with roles and the audit log, end to end on the embedded platform, as an operator's
 * console drives them (docs/decisions.md AU1–AU6): ADMIN_TOKENS with a full and a read-only token (plus the
 * harness's ADMIN_TOKEN, named admin), GET /admin/v1/session for each, a change made by the full token and
 * refused to the read-only one (nothing created), and GET /admin/v1/audit showing both with actor, path,
 * status and error code — never a secret of an answer.
 */
import { createHash } from 'node:crypto';
import { requestJson } from '@dcp/testing';
import { type TestPlatform, startTestPlatform } from './harness';

type Body = Record<string, unknown>;
interface AuditEntry {
  id: string;
  at: string;
  actor: { name: string; role: string };
  method: string;
  route: string | null;
  operationId: string | null;
  tag: string | null;
  path: string;
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
  bodyBytes: number | null;
  bodySha256: string | null;
  requestId: string | null;
  clientRequestId: string | null;
  result: string;
  status: number | null;
  errorCode: string | null;
}
interface AuditPage {
  items: AuditEntry[];
  total: number;
}

const ALICE = 'alice-e2e-token-0123456789';
const BOT = 'ci-bot-e2e-token-0123456789';
const FLOOD = 'flood-e2e-token-0123456789';
/** Changing calls one token may make per window here (ADMIN_CHANGES_PER_TOKEN): above what the other specs of this file make. */
const PER_TOKEN = 40;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const MERCHANT = { tokenValidationUrl: 'https://merchant.example/idp/is_valid_token', userProfileUrl: 'https://merchant.example/idp/get_user_profile' };

describe('admin tokens with roles and the audit log (embedded)', () => {
  let t: TestPlatform;

  const call = <T = Body>(token: string | undefined, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    requestJson<T>(method, `${t.adminUrl}/admin/v1${path}`, body, { ...(token === undefined ? {} : { authorization: `Bearer ${token}` }), ...headers });
  const audit = async (query: Record<string, string> = {}) => {
    const res = await call<AuditPage>(BOT, 'GET', `/audit?${new URLSearchParams(query)}`);
    expect(res.status).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    t = await startTestPlatform('embedded', {
      ADMIN_TOKENS: `alice:full:${ALICE},ci-bot:read-only:${BOT},flood:read-only:${FLOOD}`,
      ADMIN_CHANGES_PER_TOKEN: String(PER_TOKEN),
      // Every call of this file comes from 127.0.0.1: the per-address limit is specified in admin-change-limits.spec.ts.
      ADMIN_CHANGES_PER_ADDRESS: '0',
      ADMIN_CHANGES_WINDOW_MS: '3600000',
    });
  });
  afterAll(() => t?.close());

  it('GET /session tells each token its name and role; a wrong token is AD0401', async () => {
    expect(await call(ALICE, 'GET', '/session')).toMatchObject({ status: 200, body: { name: 'alice', role: 'full' } });
    expect(await call(BOT, 'GET', '/session')).toMatchObject({ status: 200, body: { name: 'ci-bot', role: 'read-only' } });
    expect(await call(t.adminToken, 'GET', '/session')).toMatchObject({ status: 200, body: { name: 'admin', role: 'full' } });
    expect(await call('not-a-token', 'GET', '/session')).toMatchObject({ status: 401, body: { errorCode: 'AD0401' } });
  });

  describe('a change by the full token, the same refused to the read-only one', () => {
    let created: Body;
    let rotatedSecret: string;

    beforeAll(async () => {
      const res = await call(ALICE, 'POST', '/merchants', { name: 'Audited Cameras', ...MERCHANT }, { 'x-request-id': 'audit-e2e-create' });
      expect(res.status).toBe(201);
      created = res.body;
      const rotated = await call(ALICE, 'POST', `/merchants/${created.clientId}/secret`, { graceSeconds: 0 }, { 'x-request-id': 'audit-e2e-rotate' });
      expect(rotated.status).toBe(201);
      rotatedSecret = String(rotated.body.clientSecret);
    });

    it('refuses the read-only token\'s POST with AD0403 (HTTP 403), and nothing is created', async () => {
      const before = await call<{ items: Body[]; total: number }>(BOT, 'GET', '/merchants?limit=500');
      const refused = await call(BOT, 'POST', '/merchants', { name: 'Refused Cameras', ...MERCHANT }, { 'x-request-id': 'audit-e2e-refused' });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ errorCode: 'AD0403', failureDetails: expect.stringContaining('may only read') });
      const after = await call<{ items: Body[]; total: number }>(BOT, 'GET', '/merchants?limit=500');
      expect(after.status).toBe(200);
      expect(after.body.total).toBe(before.body.total);
      expect(after.body.items.map((m) => m.name)).not.toContain('Refused Cameras');
    });

    it('shows both in GET /audit, newest first, with actor, route, path, status, error code and request id', async () => {
      const page = await audit({ path: '/merchants' });
      const byRequest = (id: string) => page.items.find((e) => e.clientRequestId === id);
      expect(byRequest('audit-e2e-create')).toMatchObject({
        actor: { name: 'alice', role: 'full' },
        method: 'POST',
        route: '/admin/v1/merchants',
        operationId: 'postMerchants',
        tag: 'merchants',
        path: '/admin/v1/merchants',
        body: { name: 'Audited Cameras', ...MERCHANT },
        result: 'ok',
        status: 201,
        errorCode: null,
      });
      // Refused before forwarding: the body's size and SHA-256 only (SDB1).
      const refusedBody = JSON.stringify({ name: 'Refused Cameras', ...MERCHANT });
      expect(byRequest('audit-e2e-refused')).toMatchObject({
        actor: { name: 'ci-bot', role: 'read-only' },
        method: 'POST',
        route: '/admin/v1/merchants',
        path: '/admin/v1/merchants',
        body: null,
        bodyBytes: Buffer.byteLength(refusedBody),
        bodySha256: sha256(refusedBody),
        result: 'refused',
        status: 403,
        errorCode: 'AD0403',
      });
      expect(byRequest('audit-e2e-rotate')).toMatchObject({
        route: '/admin/v1/merchants/{clientId}/secret',
        path: `/admin/v1/merchants/${created.clientId}/secret`,
        params: { clientId: created.clientId },
        status: 201,
      });
      const order = page.items.map((e) => e.clientRequestId);
      expect(order.indexOf('audit-e2e-refused')).toBeLessThan(order.indexOf('audit-e2e-rotate'));
      expect(order.indexOf('audit-e2e-rotate')).toBeLessThan(order.indexOf('audit-e2e-create'));
    });

    it('never records an answer: no clientSecret of the create or the rotation anywhere in the log', async () => {
      const text = JSON.stringify(await audit({ limit: '500' }));
      expect(text).not.toContain(String(created.clientSecret));
      expect(text).not.toContain(rotatedSecret);
      expect(text).not.toContain('clientSecret');
    });

    it('does not record reads: the read-only token\'s GETs leave only its refused POST', async () => {
      const mine = await audit({ actor: 'ci-bot' });
      expect(mine.items.map((e) => [e.method, e.path, e.errorCode])).toEqual([['POST', '/admin/v1/merchants', 'AD0403']]);
      expect(mine.total).toBe(1);
    });
  });

  it('records validation refusals and service refusals with their codes (AD0400, AD0404), a masked credential field, and a raw body as its size', async () => {
    const invalid = await call(ALICE, 'POST', '/merchants', { name: 'Bad', tokenValidationUrl: 'javascript:alert(1)', userProfileUrl: MERCHANT.userProfileUrl, password: 'hunter2' }, { 'x-request-id': 'audit-e2e-invalid' });
    expect(invalid.body.errorCode).toBe('AD0400');
    const missing = await call(ALICE, 'PATCH', '/merchants/no-such-merchant', { name: 'x' }, { 'x-request-id': 'audit-e2e-missing' });
    expect(missing.body.errorCode).toBe('AD0404');
    const notJson = await fetch(`${t.adminUrl}/admin/v1/merchants`, { method: 'POST', headers: { authorization: `Bearer ${ALICE}`, 'content-type': 'application/json', 'x-request-id': 'audit-e2e-not-json' }, body: '{"name":' });
    expect(notJson.status).toBe(400);
    const segment = await fetch(`${t.adminUrl}/admin/v1/devices/AABBCCDDEE01/segments?start=1795651200&duration=2&type=1`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ALICE}`, 'content-type': 'video/mp2t', 'x-request-id': 'audit-e2e-segment' },
      body: Buffer.alloc(188 * 3, 0x47),
    });
    expect(segment.status).toBeGreaterThanOrEqual(400);

    const page = await audit({ actor: 'alice', limit: '500' });
    const byRequest = (id: string) => page.items.find((e) => e.clientRequestId === id);
    expect(byRequest('audit-e2e-invalid')).toMatchObject({ result: 'refused', status: 400, errorCode: 'AD0400', body: { name: 'Bad', password: '[REDACTED]' } });
    expect(JSON.stringify(byRequest('audit-e2e-invalid'))).not.toContain('hunter2');
    expect(byRequest('audit-e2e-missing')).toMatchObject({ method: 'PATCH', route: '/admin/v1/merchants/{clientId}', params: { clientId: 'no-such-merchant' }, result: 'refused', status: 404, errorCode: 'AD0404' });
    expect(byRequest('audit-e2e-not-json')).toMatchObject({ method: 'POST', path: '/admin/v1/merchants', result: 'refused', status: 400, errorCode: 'AD0400' });
    expect(byRequest('audit-e2e-segment')).toMatchObject({
      route: '/admin/v1/devices/{devId}/segments',
      params: { devId: 'AABBCCDDEE01' },
      query: { start: '1795651200', duration: '2', type: '1' },
      body: null,
      bodyBytes: 188 * 3,
      status: segment.status,
    });
  });

  it('does not record a call without a valid token (nobody to name)', async () => {
    const before = (await audit()).total;
    expect((await call('wrong-token', 'POST', '/merchants', { name: 'Nobody', ...MERCHANT })).status).toBe(401);
    expect((await call(undefined, 'DELETE', '/grants/1')).status).toBe(401);
    expect((await audit()).total).toBe(before);
  });

  it('refuses a bad filter with AD0400 naming the parameter, and documents /session and /audit', async () => {
    const bad = await call(BOT, 'GET', '/audit?result=done');
    expect([bad.status, bad.body.errorCode, bad.body.failureDetails]).toEqual([400, 'AD0400', expect.stringContaining('invalid parameter result')]);
    const doc = await call<{ paths: Record<string, Record<string, unknown>> }>(undefined, 'GET', '/openapi.json');
    expect(Object.keys(doc.body.paths)).toEqual(expect.arrayContaining(['/admin/v1/session', '/admin/v1/audit']));
  });

  describe('issue 18: an audit log nobody can flood or forge', () => {
    it('records a refused 60 KiB body as its size and SHA-256, never the body (SDB1)', async () => {
      const body = JSON.stringify({ mode: 'none', padding: 'p'.repeat(60 * 1024) });
      const res = await fetch(`${t.adminUrl}/admin/v1/maintenance`, { method: 'PUT', headers: { authorization: `Bearer ${BOT}`, 'content-type': 'application/json', 'x-request-id': 'audit-e2e-60k' }, body });
      expect(res.status).toBe(403);
      const entry = (await audit({ actor: 'ci-bot', path: '/maintenance' })).items.find((e) => e.clientRequestId === 'audit-e2e-60k');
      expect(entry).toMatchObject({ method: 'PUT', route: '/admin/v1/maintenance', errorCode: 'AD0403', body: null, bodyBytes: Buffer.byteLength(body), bodySha256: sha256(body) });
      expect(JSON.stringify(entry)).not.toContain('pppp');
    });

    it('records the platform\'s own request id: one x-request-id sent by two tokens is two ids, the caller\'s kept beside (SDB3)', async () => {
      const headers = { 'x-request-id': 'victim-request-0001' };
      const mine = await call(ALICE, 'PATCH', '/merchants/no-such-merchant-victim', { name: 'x' }, headers);
      const theirs = await call(FLOOD, 'PUT', '/maintenance', { mode: 'none' }, headers);
      expect([mine.status, theirs.status]).toEqual([404, 403]);
      const answered = [mine.headers.get('x-request-id'), theirs.headers.get('x-request-id')];
      for (const id of answered) expect(id).toMatch(UUID);
      expect(answered[0]).not.toBe(answered[1]);
      const entries = (await audit({ limit: '500' })).items.filter((e) => e.clientRequestId === 'victim-request-0001');
      expect(entries.map((e) => [e.actor.name, e.requestId]).sort()).toEqual([
        ['alice', answered[0]],
        ['flood', answered[1]],
      ]);
      expect((await audit({ limit: '500' })).items.filter((e) => e.requestId === 'victim-request-0001')).toEqual([]);
    });

    it('masks apiKey, api_key, Token, PASSWORD and authorization fields in an entry (SDB7)', async () => {
      const credentials = { apiKey: 'leak-1-apiKey', api_key: 'leak-2-api_key', Token: 'leak-3-Token', PASSWORD: 'leak-4-PASSWORD', authorization: 'Bearer leak-5-authorization' };
      const res = await call(ALICE, 'POST', '/merchants', { name: 'Masked Cameras', ...MERCHANT, ...credentials }, { 'x-request-id': 'audit-e2e-masked' });
      expect(res.body.errorCode).toBe('AD0400');
      const entry = (await audit({ actor: 'alice', limit: '500' })).items.find((e) => e.clientRequestId === 'audit-e2e-masked');
      expect(entry?.body).toEqual({ name: 'Masked Cameras', ...MERCHANT, apiKey: '[REDACTED]', api_key: '[REDACTED]', Token: '[REDACTED]', PASSWORD: '[REDACTED]', authorization: '[REDACTED]' });
      expect(JSON.stringify(entry)).not.toMatch(/leak-\d/);
    });

    describe('names with line breaks or bidi overrides are refused with AD0400 naming the field, and nothing is created (SDB5)', () => {
      const RELEASE = { machineTypeName: 'IPC-E2E-NAMES', version1: 1, version2: '0', version3: 0, version4: 0, patchVersion: 0, type: 1, downloadUri: 'https://fw.example/a.bin', md5: 'a'.repeat(32), desc: { zh: '说明', en: 'Notes' } };
      const PERMISSION = { permissionCode: 'e2e-names', permissionName: 'Plan', permissionType: 1, durationDays: 30 };
      const cases: Array<[string, string, string, (bad: string) => Record<string, unknown>, string]> = [
        ['POST /merchants name', 'POST', '/merchants', (bad) => ({ name: bad, ...MERCHANT }), 'name'],
        ['PATCH /merchants/{clientId} name', 'PATCH', '/merchants/{clientId}', (bad) => ({ name: bad }), 'name'],
        ['POST /manufacturers name', 'POST', '/manufacturers', (bad) => ({ oemCode: 'E2ENAMES', name: bad }), 'name'],
        ['POST /permissions permissionName', 'POST', '/permissions', (bad) => ({ ...PERMISSION, permissionName: bad }), 'permissionName'],
        ['POST /permissions belongServer', 'POST', '/permissions', (bad) => ({ ...PERMISSION, belongServer: bad }), 'belongServer'],
        ['POST /firmware machineTypeName', 'POST', '/firmware', (bad) => ({ ...RELEASE, machineTypeName: bad }), 'machineTypeName'],
        ['POST /firmware version2', 'POST', '/firmware', (bad) => ({ ...RELEASE, version2: bad }), 'version2'],
        ['POST /firmware desc.en', 'POST', '/firmware', (bad) => ({ ...RELEASE, desc: { zh: '说明', en: bad } }), 'desc.en'],
      ];
      let clientId: string;
      beforeAll(async () => {
        const created = await call(ALICE, 'POST', '/merchants', { name: 'Named Cameras', ...MERCHANT });
        expect(created.status).toBe(201);
        clientId = String(created.body.clientId);
      });

      it.each(cases)('%s', async (_case, method, route, body, field) => {
        const path = route.replace('{clientId}', clientId);
        const forged = field === 'desc.en' ? ['Notes\u202Etxt.exe', 'Notes\u2066'] : ['Acme\r\nadmin: merchant disabled', 'Acme\u202Etxt.exe'];
        for (const bad of forged) {
          const res = await call(ALICE, method, path, body(bad));
          expect([res.status, res.body.errorCode, res.body.failureDetails]).toEqual([400, 'AD0400', expect.stringContaining(`invalid field ${field}:`)]);
        }
        const lists: Record<string, string> = { '/merchants': '/merchants?limit=500', '/manufacturers': '/manufacturers?limit=500', '/permissions': '/permissions?limit=500', '/firmware': '/firmware?limit=500' };
        const listed = JSON.stringify((await call(ALICE, 'GET', lists[route] ?? '/merchants?limit=500')).body);
        expect(listed).not.toMatch(/\\u202e|\\r\\n|\u202E|\r\n/i);
        expect(listed).not.toContain('E2ENAMES');
        expect(listed).not.toContain('IPC-E2E-NAMES');
        expect(listed).not.toContain('e2e-names');
        if (route === '/merchants/{clientId}') expect((await call(ALICE, 'GET', path)).body.name).toBe('Named Cameras');
      });
    });

    it(`limits a token to ${PER_TOKEN} changing calls a window: AD0429 with Retry-After, the first refusal recorded and no more (SDB2)`, async () => {
      const before = (await audit({ actor: 'flood', limit: '500' })).total;
      const statuses: number[] = [];
      let limited: { retryAfter: string | null; body: unknown } | undefined;
      for (let i = before; i < PER_TOKEN + 5; i++) {
        const res = await fetch(`${t.adminUrl}/admin/v1/maintenance`, { method: 'PUT', headers: { authorization: `Bearer ${FLOOD}`, 'content-type': 'application/json' }, body: '{"mode":"none"}' });
        statuses.push(res.status);
        const body = await res.json();
        if (res.status === 429) limited ??= { retryAfter: res.headers.get('retry-after'), body };
      }
      expect(statuses.filter((s) => s === 403)).toHaveLength(PER_TOKEN - before);
      expect(statuses.filter((s) => s === 429)).toHaveLength(5);
      expect(Number(limited?.retryAfter)).toBeGreaterThan(0);
      expect(limited?.body).toEqual({ errorCode: 'AD0429', failureDetails: expect.stringContaining('too many changing admin calls by the admin token flood') });
      // Reads are never limited, and another token is counted on its own.
      expect((await call(FLOOD, 'GET', '/session')).status).toBe(200);
      expect((await call(ALICE, 'PUT', '/maintenance', { mode: 'none' })).status).toBe(200);
      const mine = await audit({ actor: 'flood', limit: '500' });
      expect(mine.total).toBe(PER_TOKEN + 1);
      expect(mine.items.filter((e) => e.errorCode === 'AD0429')).toHaveLength(1);
    });
  });
});
