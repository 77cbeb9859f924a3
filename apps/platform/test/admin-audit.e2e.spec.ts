/**
 * Named admin tokens with roles and the audit log, end to end on the embedded platform, as an operator's
 * console drives them (docs/decisions.md AU1–AU6): ADMIN_TOKENS with a full and a read-only token (plus the
 * harness's ADMIN_TOKEN, named admin), GET /admin/v1/session for each, a change made by the full token and
 * refused to the read-only one (nothing created), and GET /admin/v1/audit showing both with actor, path,
 * status and error code — never a secret of an answer.
 */
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
  requestId: string | null;
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
    t = await startTestPlatform('embedded', { ADMIN_TOKENS: `alice:full:${ALICE},ci-bot:read-only:${BOT}` });
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
      const byRequest = (id: string) => page.items.find((e) => e.requestId === id);
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
      expect(byRequest('audit-e2e-refused')).toMatchObject({
        actor: { name: 'ci-bot', role: 'read-only' },
        method: 'POST',
        route: '/admin/v1/merchants',
        path: '/admin/v1/merchants',
        body: { name: 'Refused Cameras', ...MERCHANT },
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
      const order = page.items.map((e) => e.requestId);
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
    const byRequest = (id: string) => page.items.find((e) => e.requestId === id);
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
});
