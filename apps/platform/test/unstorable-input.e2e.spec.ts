/**
 * Input no service can store or read, end to end on the embedded platform (issue 18, finding 5; decisions
 * SDC1–SDC3), sent exactly as the issue did:
 * - a NUL in every path parameter, query filter and JSON body string of EVERY admin route — walked from the
 *   admin API document, which is built from the route table (admin-routes.ts), so a route added later is
 *   walked too — answers 400 AD0400 naming the field, never 000099;
 * - a lone surrogate (`"a\ud800b"`) in a JSON body answers each surface's own refusal: 000006 on /gateway and
 *   /stream, OP0046 on /sso, AD0400 on the admin port, where the refusal is in the audit log, a read-only
 *   token's too;
 * - a path that is not valid percent-encoding (`/gateway%ZZ`, `/hls/%ZZ/index.m3u8`,
 *   `/admin/v1/merchants/%E0%A4%A/secret`) answers in the surface's envelope, not Fastify's FST_ERR_BAD_URL,
 *   and on the admin port is audited.
 */
import { requestJson } from '@dcp/testing';
import { type TestPlatform, startTestPlatform } from './harness';

type Body = Record<string, unknown>;
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}
interface Operation {
  parameters?: { name: string; in: 'path' | 'query' }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}
interface AuditEntry {
  actor: { name: string; role: string };
  method: string;
  route: string | null;
  path: string;
  requestId: string | null;
  result: string;
  status: number | null;
  errorCode: string | null;
}

const FULL = 'alice-unstorable-token-0123456789';
const READ_ONLY = 'viewer-unstorable-token-0123456789';
const NUL = 'a\u0000b';
const LONE_SURROGATE = 'a\ud800b';
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

let t: TestPlatform;

beforeAll(async () => {
  // The walk makes about a hundred refused changes with one token: no change limit in the way (SDB2).
  t = await startTestPlatform('embedded', { ADMIN_TOKENS: `alice:full:${FULL},viewer:read-only:${READ_ONLY}`, ADMIN_CHANGES_PER_TOKEN: '0', ADMIN_CHANGES_PER_ADDRESS: '0' });
});
afterAll(() => t?.close());

/** An admin call with the path sent as written (fetch keeps `%00` and a malformed %-sequence as they are). */
const admin = <T = Body>(token: string | undefined, method: string, path: string, body?: unknown) =>
  requestJson<T>(method, `${t.adminUrl}/admin/v1${path}`, body, token ? { authorization: `Bearer ${token}` } : {});

async function auditEntryOf(requestId: string | null): Promise<AuditEntry | undefined> {
  const res = await admin<{ items: AuditEntry[] }>(READ_ONLY, 'GET', '/audit?limit=500');
  expect(res.status).toBe(200);
  return res.body.items.find((e) => e.requestId === requestId);
}

/** The JSON paths of every string field a body schema declares (`name`, `desc.en`, `plans[0]`). */
function stringFields(schema: JsonSchema, path = ''): string[] {
  const branches = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  if (branches.length > 0) return [...new Set(branches.flatMap((b) => stringFields(b, path)))];
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('string')) return [path];
  if (schema.properties) return Object.entries(schema.properties).flatMap(([name, s]) => stringFields(s, path ? `${path}.${name}` : name));
  if (schema.items) return stringFields(schema.items, `${path}[0]`);
  return [];
}

/** A body holding `value` at `path` and nothing else (the check runs before the route's own validation). */
function bodyWith(path: string, value: string): unknown {
  const steps = path.split(/\.|(?=\[0\])/);
  const build = (i: number): unknown => (i === steps.length ? value : steps[i] === '[0]' ? [build(i + 1)] : { [steps[i]]: build(i + 1) });
  return build(0);
}

interface Case {
  label: string;
  method: string;
  path: string;
  body?: unknown;
  details: string;
}

/** Every route of the admin document with a NUL in each of its path parameters, query filters and body strings. */
async function nulCases(): Promise<{ cases: Case[]; operations: number }> {
  const doc = await admin<{ paths: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>> }>(FULL, 'GET', '/openapi.json');
  expect(doc.status).toBe(200);
  const cases: Case[] = [];
  let operations = 0;
  for (const [template, ops] of Object.entries(doc.body.paths)) {
    for (const method of METHODS) {
      const op = ops[method];
      if (!op) continue;
      operations++;
      const params = op.parameters ?? [];
      const route = (nulIn?: string) =>
        template.replace('/admin/v1', '').replace(/\{(\w+)\}/g, (_m, name: string) => (name === nulIn ? encodeURIComponent(NUL) : 'x1'));
      const verb = method.toUpperCase();
      for (const p of params.filter((x) => x.in === 'path')) cases.push({ label: `${verb} ${template} path ${p.name}`, method: verb, path: route(p.name), details: `invalid field ${p.name}: must not contain NUL (U+0000)` });
      for (const q of params.filter((x) => x.in === 'query')) cases.push({ label: `${verb} ${template} query ${q.name}`, method: verb, path: `${route()}?${q.name}=${encodeURIComponent(NUL)}`, details: `invalid field ${q.name}: must not contain NUL (U+0000)` });
      const schema = op.requestBody?.content['application/json']?.schema;
      for (const field of schema ? stringFields(schema) : []) {
        cases.push({ label: `${verb} ${template} body ${field}`, method: verb, path: route(), body: bodyWith(field, NUL), details: `invalid field ${field}: must not contain NUL (U+0000)` });
      }
    }
  }
  return { cases, operations };
}

describe('a NUL anywhere in an admin request (SDC1)', () => {
  it('answers 400 AD0400 naming the field on every route of the table, in every path parameter, query filter and body string, never 000099', async () => {
    const { cases, operations } = await nulCases();
    expect(operations).toBeGreaterThanOrEqual(40);
    expect(cases.length).toBeGreaterThanOrEqual(80);
    const answers: { label: string; status: number; errorCode: unknown; failureDetails: unknown }[] = [];
    for (const c of cases) {
      const res = await admin(FULL, c.method, c.path, c.body);
      answers.push({ label: c.label, status: res.status, errorCode: res.body.errorCode, failureDetails: res.body.failureDetails });
    }
    expect(answers).toEqual(cases.map((c) => ({ label: c.label, status: 400, errorCode: 'AD0400', failureDetails: c.details })));
  });

  it('GET /admin/v1/users/a%00b and POST /admin/v1/merchants {"name":"a\\u0000b"} as the issue sent them; the refused POST is audited', async () => {
    expect(await admin(FULL, 'GET', '/users/a%00b')).toMatchObject({ status: 400, body: { errorCode: 'AD0400', failureDetails: 'invalid field openId: must not contain NUL (U+0000)' } });
    const res = await admin(FULL, 'POST', '/merchants', { name: NUL, tokenValidationUrl: 'https://merchant.example/v', userProfileUrl: 'https://merchant.example/p' });
    expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: { errorCode: 'AD0400', failureDetails: 'invalid field name: must not contain NUL (U+0000)' } });
    expect(await auditEntryOf(res.headers.get('x-request-id'))).toMatchObject({ actor: { name: 'alice' }, method: 'POST', route: '/admin/v1/merchants', result: 'refused', status: 400, errorCode: 'AD0400' });
  });
});

describe('a lone surrogate in a JSON body (SDC2)', () => {
  it('answers AD0400 naming the field on the admin port, and the refusal is audited, a read-only token\'s too', async () => {
    const details = 'invalid field body: parameter name must not contain a lone surrogate (U+D800)';
    const full = await admin(FULL, 'POST', '/merchants', { name: LONE_SURROGATE, tokenValidationUrl: 'https://merchant.example/v', userProfileUrl: 'https://merchant.example/p' });
    expect({ status: full.status, body: full.body }).toEqual({ status: 400, body: { errorCode: 'AD0400', failureDetails: details } });
    const readOnly = await admin(READ_ONLY, 'POST', '/merchants', { name: LONE_SURROGATE });
    expect({ status: readOnly.status, body: readOnly.body }).toEqual({ status: 400, body: { errorCode: 'AD0400', failureDetails: details } });
    const maintenance = await admin(READ_ONLY, 'PUT', '/maintenance', { mode: 'upgrade', note: { text: LONE_SURROGATE } });
    expect({ status: maintenance.status, body: maintenance.body }).toEqual({ status: 400, body: { errorCode: 'AD0400', failureDetails: 'invalid field body: parameter note.text must not contain a lone surrogate (U+D800)' } });

    expect(await auditEntryOf(full.headers.get('x-request-id'))).toMatchObject({ actor: { name: 'alice', role: 'full' }, route: '/admin/v1/merchants', result: 'refused', status: 400, errorCode: 'AD0400' });
    expect(await auditEntryOf(readOnly.headers.get('x-request-id'))).toMatchObject({ actor: { name: 'viewer', role: 'read-only' }, route: '/admin/v1/merchants', result: 'refused', status: 400, errorCode: 'AD0400' });
    expect(await auditEntryOf(maintenance.headers.get('x-request-id'))).toMatchObject({ actor: { name: 'viewer' }, method: 'PUT', route: '/admin/v1/maintenance', status: 400, errorCode: 'AD0400' });
  });

  it('answers 000006 on /gateway and /stream (HTTP 200, S1) and OP0046 on /sso (HTTP 401, S2), naming the parameter', async () => {
    const post = (path: string, body: unknown) => requestJson(`POST`, `${t.baseUrl}${path}`, body);
    expect(await post('/gateway?service=user_ipc_setting_v2_0.addOemDevice', { clientId: 'c', deviceName: LONE_SURROGATE })).toMatchObject({
      status: 200,
      body: { errorCode: '000006', failureDetails: 'malformed request: parameter deviceName must not contain a lone surrogate (U+D800)' },
    });
    expect(await post('/stream?service=record.query', { devId: LONE_SURROGATE })).toMatchObject({
      status: 200,
      body: { errorCode: '000006', failureDetails: 'malformed request: parameter devId must not contain a lone surrogate (U+D800)' },
    });
    const sso = await post('/sso/authorize_by_token', { token: LONE_SURROGATE });
    expect({ status: sso.status, body: sso.body }).toEqual({ status: 401, body: { errorCode: 'OP0046', failureDetails: 'malformed request: parameter token must not contain a lone surrogate (U+D800)', expiresIn: 0 } });
    const callback = await post('/sso/user_callback', { uuid: LONE_SURROGATE });
    expect({ status: callback.status, body: callback.body }).toEqual({ status: 401, body: { errorCode: 'OP0046', failureDetails: 'malformed request: parameter uuid must not contain a lone surrogate (U+D800)' } });
  });
});

describe('a path that is not valid percent-encoding (SDC3)', () => {
  const get = (url: string) => requestJson('GET', url);

  it('answers in each public surface\'s envelope with the request id, never Fastify\'s FST_ERR_BAD_URL', async () => {
    for (const path of ['/gateway%ZZ', '/stream%ZZ']) {
      const res = await get(`${t.baseUrl}${path}?service=cloud_system.current_time`);
      expect({ path, status: res.status, body: res.body }).toEqual({ path, status: 400, body: { errorCode: '000006', failureDetails: `malformed request: the path ${path} is not valid percent-encoded UTF-8` } });
      expect(res.headers.get('x-request-id')).toBeTruthy();
    }
    const hls = await get(`${t.baseUrl}/hls/%ZZ/index.m3u8`);
    expect({ status: hls.status, body: hls.body }).toEqual({ status: 400, body: { errorCode: '000006', failureDetails: 'malformed request: the path /hls/%ZZ/index.m3u8 is not valid percent-encoded UTF-8' } });
    expect([hls.headers.get('cache-control'), hls.headers.get('access-control-allow-origin')]).toEqual(['no-store', '*']);
    const sso = await get(`${t.baseUrl}/sso/authorize_by_token%ZZ`);
    expect({ status: sso.status, body: sso.body }).toEqual({
      status: 401,
      body: { errorCode: 'OP0046', failureDetails: 'malformed request: the path /sso/authorize_by_token%ZZ is not valid percent-encoded UTF-8', expiresIn: 0 },
    });
  });

  it('answers AD0400 (HTTP 400) naming the path on the admin port, audited when it is a change by a known token', async () => {
    const details = 'invalid field path: the path /admin/v1/merchants/%E0%A4%A/secret is not valid percent-encoded UTF-8';
    const full = await admin(FULL, 'POST', '/merchants/%E0%A4%A/secret', { graceSeconds: 0 });
    expect({ status: full.status, body: full.body }).toEqual({ status: 400, body: { errorCode: 'AD0400', failureDetails: details } });
    expect(await admin(FULL, 'GET', '/users/%ZZ')).toMatchObject({ status: 400, body: { errorCode: 'AD0400', failureDetails: 'invalid field path: the path /admin/v1/users/%ZZ is not valid percent-encoded UTF-8' } });
    // The admin port's own checks still come first: a read-only token may not change, nobody without a token.
    const readOnly = await admin(READ_ONLY, 'POST', '/merchants/%E0%A4%A/secret');
    expect({ status: readOnly.status, errorCode: readOnly.body.errorCode }).toEqual({ status: 403, errorCode: 'AD0403' });
    expect(await admin(undefined, 'POST', '/merchants/%E0%A4%A/secret')).toMatchObject({ status: 401, body: { errorCode: 'AD0401' } });

    // Recorded with the path as read: every % of the undecodable path escaped (%25), the route it names.
    const recorded = { method: 'POST', route: '/admin/v1/merchants/{clientId}/secret', path: '/admin/v1/merchants/%25E0%25A4%25A/secret', result: 'refused' };
    expect(await auditEntryOf(full.headers.get('x-request-id'))).toMatchObject({ ...recorded, actor: { name: 'alice' }, status: 400, errorCode: 'AD0400' });
    expect(await auditEntryOf(readOnly.headers.get('x-request-id'))).toMatchObject({ ...recorded, actor: { name: 'viewer' }, status: 403, errorCode: 'AD0403' });
  });
});
