import { MERCHANT_LIMITS, STORAGE_LIMITS } from '@dcp/contracts';
import { compilePath, needsFullToken } from './admin-route';
import { ADMIN_ROUTES, readOnlyMayCall } from './admin-routes';
import { buildOpenApiDocument } from './openapi';

describe('admin route table', () => {
  const doc = buildOpenApiDocument(ADMIN_ROUTES) as { paths: Record<string, Record<string, { operationId: string; requestBody?: unknown; parameters: { name: string }[] }>> };

  it('documents every route under its method and path', () => {
    for (const r of ADMIN_ROUTES) {
      const op = doc.paths[`/admin/v1${r.path}`]?.[r.method.toLowerCase()];
      expect(op).toBeDefined();
      expect(Boolean(op.requestBody)).toBe(Boolean(r.body || r.rawBody));
      expect(op.parameters.map((p) => p.name)).toEqual([...[...r.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]), ...(r.query ?? [])]);
    }
  });

  it('documents 409 on every route that changes something, and only there', () => {
    for (const r of ADMIN_ROUTES) {
      const op = doc.paths[`/admin/v1${r.path}`][r.method.toLowerCase()] as unknown as { responses: Record<string, unknown> };
      expect(Object.keys(op.responses).includes('409')).toBe(r.method !== 'GET');
    }
  });

  it('documents 403 (a read-only token) on every route that changes something, and only there (not on a POST that changes nothing)', () => {
    for (const r of ADMIN_ROUTES) {
      const op = doc.paths[`/admin/v1${r.path}`][r.method.toLowerCase()] as unknown as { responses: Record<string, { description: string }> };
      expect(Object.keys(op.responses).includes('403')).toBe(needsFullToken(r));
      if (needsFullToken(r)) expect(op.responses['403'].description).toContain('AD0403');
    }
    expect((doc as unknown as { info: { description: string } }).info.description).toMatch(/`read-only` only the GET ones/);
  });

  it('documents GET /session (answered by the edge itself) with its {name, role} schema', () => {
    const route = ADMIN_ROUTES.find((r) => r.path === '/session')!;
    expect(route.local).toBeDefined();
    expect(route.contract).toBeUndefined();
    expect(route.local!.answer({ identity: { name: 'ci-bot', role: 'read-only' } })).toEqual({ name: 'ci-bot', role: 'read-only' });
    const op = doc.paths['/admin/v1/session'].get as unknown as { responses: Record<string, { content: { 'application/json': { schema: { required: string[]; properties: Record<string, { enum?: string[] }> } } } }> };
    const schema = op.responses['200'].content['application/json'].schema;
    expect(schema.required.sort()).toEqual(['name', 'role']);
    expect(schema.properties.role.enum).toEqual(['full', 'read-only']);
  });

  it('documents GET /audit with its filters and typed entries', () => {
    const op = doc.paths['/admin/v1/audit'].get as unknown as { parameters: { name: string }[]; responses: Record<string, { content: { 'application/json': { schema: { properties: { items: { items: { required: string[] } } } } } } }> };
    expect(op.parameters.map((p) => p.name)).toEqual(['limit', 'offset', 'cursor', 'actor', 'method', 'path', 'tag', 'result', 'from', 'to']);
    expect(op.responses['200'].content['application/json'].schema.properties.items.items.required).toEqual(expect.arrayContaining(['actor', 'method', 'route', 'path', 'status', 'errorCode', 'requestId', 'result']));
  });

  it('opens to a read-only token every GET and the POSTs that change nothing (playback URLs), nothing else (AU8)', () => {
    expect(ADMIN_ROUTES.filter((r) => r.method !== 'GET' && !needsFullToken(r)).map((r) => `${r.method} ${r.path}`)).toEqual(['POST /devices/{mac}/playback']);
    expect(readOnlyMayCall('POST', '/devices/aa:bb:cc:dd:ee:ff/playback')).toBe(true);
    expect(readOnlyMayCall('GET', '/merchants')).toBe(true);
    expect(readOnlyMayCall('POST', '/merchants')).toBe(false);
    expect(readOnlyMayCall('PUT', '/devices/AABBCCDDEEFF/playback')).toBe(false);
    expect(readOnlyMayCall('POST', '/devices/AABBCCDDEEFF/segments')).toBe(false);
  });

  it('gives every operation a unique operationId', () => {
    const ids = Object.values(doc.paths).flatMap((p) => Object.values(p).map((o) => o.operationId));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('never declares the same method and path twice', () => {
    const keys = ADMIN_ROUTES.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('documents the merchant body fields from the contract schema', () => {
    const create = doc.paths['/admin/v1/merchants'].post as unknown as { requestBody: { content: { 'application/json': { schema: { required: string[] } } } } };
    expect(create.requestBody.content['application/json'].schema.required.sort()).toEqual(['name', 'tokenValidationUrl', 'userProfileUrl']);
  });

  it('states the token lifetime bounds of MERCHANT_LIMITS on create and patch (from 1 s)', () => {
    type Body = { requestBody: { content: { 'application/json': { schema: { properties: Record<string, { minimum?: number; maximum?: number }> } } } } };
    for (const op of [doc.paths['/admin/v1/merchants'].post, doc.paths['/admin/v1/merchants/{clientId}'].patch] as unknown as Body[]) {
      const fields = op.requestBody.content['application/json'].schema.properties;
      expect(fields.accessTokenTtlSeconds).toMatchObject({ minimum: 1, maximum: MERCHANT_LIMITS.maxAccessTokenTtlSeconds });
      expect(fields.refreshTokenTtlSeconds).toMatchObject({ minimum: 1, maximum: MERCHANT_LIMITS.maxRefreshTokenTtlSeconds });
    }
  });

  it('documents a raw-body route with its media type as binary, limited, and no JSON body', () => {
    const ingest = doc.paths['/admin/v1/devices/{devId}/segments'].post as unknown as { requestBody: { content: Record<string, { schema: Record<string, unknown> }> }; parameters: { name: string }[] };
    expect(Object.keys(ingest.requestBody.content)).toEqual(['video/mp2t']);
    expect(ingest.requestBody.content['video/mp2t'].schema).toEqual({ type: 'string', format: 'binary', contentMediaType: 'video/mp2t', maxLength: STORAGE_LIMITS.maxSegmentBytes });
    expect(ingest.parameters.map((p) => p.name)).toEqual(['devId', 'start', 'duration', 'type']);
  });

  it('builds the ingest request: path devId, query fields, the bytes base64', () => {
    const route = ADMIN_ROUTES.find((r) => r.path === '/devices/{devId}/segments')!;
    expect(route.rawBody).toEqual({ contentType: 'video/mp2t', maxBytes: STORAGE_LIMITS.maxSegmentBytes, description: expect.any(String) });
    expect(route.toRequest!({ params: { devId: 'AABBCCDDEEFF' }, query: { start: '1795651200', duration: '2', type: '1' }, body: Buffer.from([0x47, 1]) })).toEqual({
      devId: 'AABBCCDDEEFF',
      start: '1795651200',
      duration: '2',
      type: '1',
      contentBase64: 'RwE=',
    });
  });
});

describe('compilePath', () => {
  const match = compilePath('/merchants/{clientId}/secret');
  it('extracts and decodes path parameters', () => {
    expect(match('/merchants/abc%2Fdef/secret')).toEqual({ clientId: 'abc/def' });
  });
  it('matches whole paths only', () => {
    expect(match('/merchants/abc')).toBeUndefined();
    expect(match('/merchants/abc/secret/x')).toBeUndefined();
    expect(match('/merchants//secret')).toBeUndefined();
  });
});

describe('composed admin routes', () => {
  type Op = { responses: Record<string, { content?: { 'application/json': { schema: { anyOf?: unknown[]; required?: string[]; properties?: Record<string, { anyOf?: { required?: string[] }[] }> } } } }> };
  const doc = buildOpenApiDocument(ADMIN_ROUTES) as { paths: Record<string, Record<string, Op>> };
  const successSchema = (path: string, method = 'get') => doc.paths[`/admin/v1${path}`][method].responses['200'].content!['application/json'].schema;

  it('answers every route one way: a contract, a composition or the edge itself', () => {
    for (const r of ADMIN_ROUTES) {
      const ways = [r.contract, 'compose' in r ? r.compose : undefined, 'local' in r ? r.local : undefined].filter(Boolean);
      expect([`${r.method} ${r.path}`, ways.length]).toEqual([`${r.method} ${r.path}`, 1]);
    }
  });

  it('documents a composed view with its parts, each the view or { error: { errorCode, failureDetails } }', () => {
    const device = successSchema('/devices/{mac}');
    expect(device.required?.sort()).toEqual(['currentService', 'device', 'grants', 'owner', 'recordings']);
    for (const name of ['owner', 'grants', 'currentService', 'recordings']) {
      const alternatives = device.properties![name].anyOf!;
      expect(alternatives).toHaveLength(2);
      expect(alternatives[1]).toMatchObject({ required: ['error'], properties: { error: { required: ['errorCode', 'failureDetails'] } } });
    }
    expect(successSchema('/users/{openId}').required?.sort()).toEqual(['devices', 'grants', 'user']);
    expect(successSchema('/outbox').required).toEqual(['services']);
  });

  it('documents the recordings answer as either the days or one day\'s clips, and the playback body', () => {
    expect(successSchema('/devices/{mac}/recordings').anyOf).toHaveLength(2);
    const playback = doc.paths['/admin/v1/devices/{mac}/playback'].post as unknown as { requestBody: { content: { 'application/json': { schema: { required: string[] } } } } };
    expect(playback.requestBody.content['application/json'].schema.required.sort()).toEqual(['end', 'start']);
  });

  it('builds the look-up requests from path and query, leaving validation to the composition or service', () => {
    const find = (method: string, path: string) => ADMIN_ROUTES.find((r) => r.method === method && r.path === path)!;
    expect(find('GET', '/devices/{mac}').toRequest!({ params: { mac: '06:62:6e:63:fb:a5' }, query: { limit: '5' }, body: {} })).toEqual({ mac: '06:62:6e:63:fb:a5', limit: '5', offset: undefined });
    expect(find('GET', '/users').toRequest!({ params: {}, query: { uuid: 'u-1', clientId: 'c' }, body: {} })).toEqual({ uuid: 'u-1', clientId: 'c', limit: undefined, offset: undefined });
    expect(find('GET', '/devices/{mac}/recordings').toRequest!({ params: { mac: 'AABBCCDDEEFF' }, query: { day: '2026-11-24' }, body: {} })).toEqual({ mac: 'AABBCCDDEEFF', day: '2026-11-24', limit: undefined, offset: undefined });
    expect(find('POST', '/devices/{mac}/playback').toRequest!({ params: { mac: 'AABBCCDDEEFF' }, query: {}, body: { start: 1, end: 2 } })).toEqual({ mac: 'AABBCCDDEEFF', body: { start: 1, end: 2 } });
  });
});
