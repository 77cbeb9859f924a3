import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { ERROR_CATALOG, ErrorCode, GATEWAY_OPERATIONS, OPERATIONS, SSO_OPERATIONS } from '@dcp/contracts';
import { buildPublicOpenApiDocument, operationCodes } from './public-openapi';

type Json = Record<string, any>;

const REPO_ROOT = resolve(__dirname, '../../../..');

/**
 * Validates a document with @seriousme/openapi-schema-validator (the OpenAPI 2.0–3.2 JSON schemas). It is
 * ESM-only and reads its schemas through import.meta, so it runs in a child Node process, as its CLI does.
 */
function validate(doc: unknown): { valid: boolean; version?: string; errors?: unknown } {
  const script = `
    import { Validator } from '@seriousme/openapi-schema-validator';
    let input = '';
    for await (const chunk of process.stdin) input += chunk;
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(input));
    process.stdout.write(JSON.stringify({ ...result, version: validator.version }));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: REPO_ROOT, input: JSON.stringify(doc), encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`validator failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as { valid: boolean; version?: string; errors?: unknown };
}

describe('public API document (GET /openapi.json)', () => {
  const doc = buildPublicOpenApiDocument() as Json;
  const schemas = doc.components.schemas as Record<string, Json>;
  const deref = (s: Json): Json => (s.$ref ? schemas[String(s.$ref).replace('#/components/schemas/', '')] : s);
  const requests = { ...doc.paths['/gateway'].get['x-requests'], ...doc.paths['/stream'].get['x-requests'] } as Record<string, Json>;

  it('is a valid OpenAPI 3.1 document', () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = validate(doc);
    expect(result.errors).toBeUndefined();
    expect(result).toMatchObject({ valid: true, version: '3.1' });
  });

  it('the validator does refuse what OpenAPI 3.1 forbids (a path key that is not a path, a parameter without "in")', () => {
    expect(validate({ ...doc, paths: { 'gateway?service=x': {} } }).valid).toBe(false);
    const broken = structuredClone(doc);
    delete broken.paths['/gateway'].post.parameters[0].in;
    expect(validate(broken).valid).toBe(false);
  });

  it('has only real paths — no query string or fragment in a path key — and one operationId per operation', () => {
    expect(Object.keys(doc.paths).sort()).toEqual(['/camera/v1/segments', '/camera/v1/upload-target', '/gateway', '/push/v1/alarms', '/sso/authorize_by_token', '/sso/refresh_token', '/sso/user_callback', '/stream']);
    const ids = Object.values(doc.paths as Record<string, Json>).flatMap((item) => ['get', 'post'].filter((m) => item[m]).map((m) => item[m].operationId));
    expect(ids).toHaveLength(9);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('lists every GET operation of a surface in its service enum, each parameter its own query parameter, and every POST one in the service enum', () => {
    for (const [path, surface] of [
      ['/gateway', 'gateway'],
      ['/stream', 'stream'],
    ] as const) {
      const get = doc.paths[path].get;
      const [service, ...rest] = get.parameters as Json[];
      const gets = OPERATIONS.filter((o) => o.surface === surface && o.method === 'GET').map((o) => o.service);
      expect(service).toMatchObject({ name: 'service', in: 'query', required: true, style: 'form', explode: true, schema: { type: 'string', enum: gets } });
      // No object-valued query parameter: generated clients would send it as request[service]=… (deepObject).
      for (const p of rest) expect([p.name, p.in, p.required, p.style, p.explode, p.schema.type === 'object']).toEqual([p.name, 'query', false, 'form', true, false]);
      expect(Object.keys(get['x-requests'])).toEqual(gets);
      expect((Object.values(get['x-requests']) as Json[]).map((s) => s.properties.service.const)).toEqual(gets);
    }
    const post = doc.paths['/gateway'].post;
    const posts = OPERATIONS.filter((o) => o.method === 'POST').map((o) => o.service);
    expect(post.parameters[0]).toMatchObject({ name: 'service', in: 'query', required: false, schema: { enum: posts } });
    expect(Object.keys(post.requestBody.content)).toEqual(['application/x-www-form-urlencoded', 'application/json']);
    expect((post.requestBody.content['application/x-www-form-urlencoded'].schema.anyOf as Json[]).map((s) => deref(s)['x-service'])).toEqual(posts);
  });

  it('documents a parameter from its catalogue facts: type, required, lengths, allowed values, range, format', () => {
    const add = schemas.AddOemDeviceBody;
    expect(add.required).toEqual(['clientId', 'openId', 'accessToken', 'macAddr', 'deviceName', 'username', 'password', 'hasusertag', 'supportStore', 'supportRichMedia', 'productName', 'oemCode']);
    expect(add.properties.clientId).toMatchObject({ type: 'string', minLength: 1, maxLength: 40 });
    expect(add.properties.macAddr).toMatchObject({ type: 'string', maxLength: 20, format: 'mac' });
    expect(add.properties.hasusertag).toMatchObject({ type: 'integer', enum: [0, 2] });
    expect(schemas.ActivatePermissionBody.properties.grantId).toMatchObject({ type: 'integer', format: 'int64', maxLength: 20 });
    expect(schemas.ActivatePermissionBody.required).not.toContain('exceptionInfo');
    expect(schemas.ActivatePermissionBody.properties.exceptionInfo.description).toMatch(/line feed/);
    expect(requests['firmware.latest'].properties.sysVersion1).toMatchObject({ type: 'integer', minimum: 0, maximum: 2_147_483_647 });
    expect(requests['firmware.latest'].properties.machineTypeName).toMatchObject({ minLength: 1, maxLength: 50 });
    expect(requests['record.query'].properties.recordSt).toMatchObject({ format: 'record-time' });
    // version is required but may be empty (decisions S9): no minLength.
    expect(requests['record.query'].required).toContain('version');
    expect(requests['record.query'].properties.version.minLength).toBeUndefined();
    expect(requests['record.play'].properties.timestamp).toMatchObject({ format: 'unix-time', maxLength: 20 });
  });

  it('answers each operation with its success envelope (data and top-level fields from the catalogue) or its refusal', () => {
    for (const [key, op] of Object.entries(GATEWAY_OPERATIONS)) {
      const name = key.charAt(0).toUpperCase() + key.slice(1);
      const answer = schemas[`${name}Answer`];
      expect(answer.title).toBe(op.service);
      expect(answer.oneOf).toEqual([{ $ref: `#/components/schemas/${name}Success` }, { $ref: `#/components/schemas/${name}Refusal` }]);
      const success = schemas[`${name}Success`];
      expect(success.properties.errorCode.const).toBe('');
      expect(Object.keys(success.properties).sort()).toEqual(['errorCode', 'failureDetails', ...Object.keys(op.response.shape)].sort());
    }
    expect(schemas.GetOemDeviceByUserSuccess.properties.data).toMatchObject({ type: 'array', items: { type: 'object' } });
    expect(Object.keys(schemas.GetCurrentServiceSuccess.properties.data.properties)).toEqual(['userId', 'macAddr', 'name', 'description', 'startTime', 'endTime', 'validity', 'status', 'flag']);
    expect(schemas.GetServerInfoSuccess.properties.data.required).toContain('rekognitionTag');
    expect(schemas.QueryUserNotActiveSuccess.required).toEqual(['errorCode', 'failureDetails', 'data', 'sysDate']);
    // Up to date: no data (decisions F13).
    expect(schemas.FirmwareLatestSuccess.required).toEqual(['errorCode', 'failureDetails', 'remind']);
    expect(Object.keys(schemas.RecordPlaySuccess.properties)).toEqual(['errorCode', 'failureDetails', 'recordUrl', 'secureUrl']);
    expect(schemas.GetServerInfoRefusal.properties.server_url).toBeDefined();
  });

  it('lists the codes each operation can answer, with their meaning: its own, 000006, 009999, 000099, authentication on user-scoped ones, 000005 on firmware.latest', () => {
    const value = (c: ErrorCode) => ERROR_CATALOG[c].value;
    const refusalCodes = (name: string) => schemas[`${name}Refusal`].properties.errorCode.enum as string[];
    for (const [key, op] of Object.entries(GATEWAY_OPERATIONS)) {
      const codes = refusalCodes(key.charAt(0).toUpperCase() + key.slice(1));
      expect(codes).toEqual(operationCodes(op).map(value));
      expect(codes).toEqual(expect.arrayContaining(['000006', '009999', '000099', ...op.errors.map(value)]));
      const auth = ['030010', '030030', '030031', '030040', '030041'];
      if (op.auth === 'user') expect(codes).toEqual(expect.arrayContaining(auth));
      else if (op.auth === 'none') expect(codes.filter((c) => auth.includes(c))).toEqual([]);
    }
    expect(refusalCodes('FirmwareLatest')).toEqual(expect.arrayContaining(['000005', '010026', '010120', '010121', '003301']));
    expect(refusalCodes('AddOemDevice')).not.toContain('000005');
    expect(schemas.AddOemDeviceRefusal.properties.errorCode['x-enumDescriptions']['020042']).toBe(ERROR_CATALOG[ErrorCode.FC_ACCOUNT_THE_IPC_HAS_BEEN_ADDED_BY_OTHERS].text);
  });

  it('describes each operation for a reader where its method is: call, parameters, answer fields and codes', () => {
    const post = doc.paths['/gateway'].post.description as string;
    expect(post).toContain('### user_ipc_setting_v2_0.addOemDevice');
    expect(post).toContain('`POST /gateway?service=user_ipc_setting_v2_0.addOemDevice`');
    expect(post).toMatch(/\| `deviceName` \| string \| yes \| 1–50 characters \|/);
    const get = doc.paths['/gateway'].get.description as string;
    expect(get).toMatch(/\| `data\[\]\.grantId` \| integer \|/);
    expect(get).toMatch(/\| `020041` \| device setting does not exist \|/);
    expect(doc.paths['/stream'].get.description).toMatch(/\| `recordList` \| array of \[string, string, string\] \|/);
  });

  it('documents the SSO operations: POST, the four signing headers, form or JSON body, 200 success and 401 failure bodies (S2, S3)', () => {
    expect(Object.values(doc.components.parameters as Record<string, Json>).map((p) => [p.name, p.in, p.required])).toEqual([
      ['x-client-time', 'header', true],
      ['x-version', 'header', true],
      ['x-client-Id', 'header', true],
      ['sign', 'header', true],
    ]);
    for (const op of SSO_OPERATIONS) {
      const post = doc.paths[`/sso/${op.operation}`].post;
      expect(post.parameters).toHaveLength(4);
      const body = post.requestBody.content['application/x-www-form-urlencoded'].schema;
      expect(post.requestBody.content['application/json'].schema).toEqual(body);
      expect(body.required).toEqual(op.params.map((p) => p.name));
      for (const p of op.params) expect(body.properties[p.name]).toMatchObject({ type: 'string', minLength: 1, maxLength: p.maxLength });
      const success = post.responses['200'].content['application/json'].schema;
      expect(success.required).toEqual(['errorCode', 'failureDetails', ...Object.keys(op.response.shape)]);
      const failure = post.responses['401'].content['application/json'].schema;
      expect(failure.required).toEqual(op.operation === 'user_callback' ? ['errorCode', 'failureDetails'] : ['errorCode', 'failureDetails', 'expiresIn']);
      expect(failure.properties.errorCode.enum).toEqual(expect.arrayContaining(['OP0041', '030010', 'OP0043', 'OP0046', '000099', ...op.errors.map((c) => ERROR_CATALOG[c].value)]));
    }
    expect(doc.paths['/sso/authorize_by_token'].post.responses['200'].content['application/json'].schema.required).toEqual(['errorCode', 'failureDetails', 'accessToken', 'refreshToken', 'expiresIn', 'openId']);
    expect(doc.paths['/sso/user_callback'].post.requestBody.content['application/json'].schema.properties.operation.enum).toEqual(['UPDATE', 'DELETE']);
  });

  it('has an example on every answer and every documented error: success and refusal of each operation, each response of the other paths', () => {
    for (const [key, op] of Object.entries(GATEWAY_OPERATIONS)) {
      const name = key.charAt(0).toUpperCase() + key.slice(1);
      const [success] = schemas[`${name}Success`].examples;
      expect(success).toMatchObject({ errorCode: '', failureDetails: '' });
      const [refusal] = schemas[`${name}Refusal`].examples;
      expect(operationCodes(op).map((c) => ERROR_CATALOG[c].value)).toContain(refusal.errorCode);
      const path = op.surface === 'gateway' ? '/gateway' : '/stream';
      const examples = doc.paths[path][op.method.toLowerCase()].responses['200'].content['application/json'].examples;
      expect(examples[`${name}Success`]).toEqual({ summary: `${op.service}: success`, value: success });
      expect(examples[`${name}Refusal`].value).toEqual(refusal);
    }
    expect(schemas.GetOemDeviceByUserSuccess.examples[0].data[0].macAddr).toBe('0A1B2C3D4E5F');
    const operations = [...Object.values(doc.paths as Record<string, Json>), ...Object.values(doc.webhooks as Record<string, Json>)].flatMap((item) => ['get', 'post'].filter((m) => item[m]).map((m) => item[m]));
    for (const operation of operations) {
      for (const [status, response] of Object.entries(operation.responses as Record<string, Json>)) {
        for (const media of Object.values((response.content ?? {}) as Record<string, Json>)) {
          expect([operation.operationId, status, media.example !== undefined || media.examples !== undefined || media.schema?.properties?.data !== undefined]).toEqual([operation.operationId, status, true]);
        }
      }
    }
  });

  it('defines who may call each operation (security), and HTTP 429 on every operation of the platform', () => {
    const schemes = doc.components.securitySchemes as Record<string, Json>;
    for (const item of Object.values(doc.paths as Record<string, Json>)) {
      for (const operation of ['get', 'post'].filter((m) => item[m]).map((m) => item[m])) {
        expect([operation.operationId, Array.isArray(operation.security) && operation.security.length > 0]).toEqual([operation.operationId, true]);
        for (const requirement of operation.security as Json[]) for (const name of Object.keys(requirement)) expect(schemes[name]).toBeDefined();
        expect([operation.operationId, Object.keys(operation.responses).some((s) => s.startsWith('4'))]).toEqual([operation.operationId, true]);
      }
    }
    expect(doc.paths['/gateway'].get.security).toEqual([{}, { userClientId: [], userOpenId: [], userAccessToken: [] }]);
    expect(doc.paths['/stream'].get.security).toEqual([{ deviceSession: [] }]);
    expect(doc.paths['/sso/authorize_by_token'].post.security).toEqual([{ merchantClientId: [], merchantSignature: [] }]);
    expect(doc.paths['/gateway'].post.responses['429'].content['application/json'].example.errorCode).toBe('RL0429');
  });

  it('describes the merchant\'s endpoints the platform calls as webhooks, with the signature headers and the answers it acts on', () => {
    expect(Object.keys(doc.webhooks)).toEqual(['is_valid_token', 'get_user_profile', 'push']);
    for (const [name, param] of [
      ['is_valid_token', 'token'],
      ['get_user_profile', 'uuid'],
    ]) {
      const get = doc.webhooks[name].get;
      expect(get.parameters.map((p: Json) => [p.name, p.in])).toEqual([[param, 'query'], ['x-client-time', 'header'], ['x-version', 'header'], ['x-client-Id', 'header'], ['sign', 'header']]);
      expect(get.responses['200'].content['application/json'].schema.properties.user.required).toEqual(['uuid']);
      expect(get.responses['401']).toBeDefined();
    }
    const push = doc.webhooks.push.post;
    expect(Object.keys(push.requestBody.content)).toEqual(['application/x-www-form-urlencoded']);
    expect(Object.keys(push.requestBody.content['application/x-www-form-urlencoded'].schema.properties)).toEqual([
      'deliveryId', 'uuid', 'token', 'title', 'body', 'expiresAt', 'messageId', 'devId', 'type', 'time', 'count', 'recordSt', 'pictureUrl',
    ]);
    expect(push.parameters.map((p: Json) => p.name)).toEqual(['x-client-time', 'x-version', 'x-client-Id', 'sign']);
    expect(push.parameters[3].description).toContain('POST\\n');
    expect(Object.keys(push.responses)).toEqual(expect.arrayContaining(['200', '404', '429', '400']));
  });

  it('cites nothing a reader outside the repository cannot open (the rules are stated, not referred to)', () => {
    const text = JSON.stringify(doc);
    expect(text.match(/.{0,60}decisions.{0,20}/g)).toBeNull();
    // A decision's id in parentheses, e.g. "(S4)" or "(PS10, PS11)"; an error code has four digits.
    expect(text.match(/.{0,60}\((?:[A-Z]{1,3}\d{1,2})(?:, [A-Z]{1,3}\d{1,2})*\)/g)).toBeNull();
  });

  it('refers to nothing outside itself', () => {
    const refs = JSON.stringify(doc).match(/"\$ref":"[^"]*"/g) ?? [];
    for (const r of refs) {
      const [, section, name] = /"#\/components\/(schemas|parameters)\/([^"]+)"/.exec(r) ?? [];
      expect(doc.components[section]?.[name]).toBeDefined();
    }
  });
});

describe('public API document: the camera upload protocol', () => {
  const doc = buildPublicOpenApiDocument() as Json;
  const paths = doc.paths as Record<string, Json>;

  it('documents the discovery and the upload with their signed parameters, every refusal with its HTTP status, and the signing recipe', () => {
    const upload = paths['/camera/v1/segments'].post;
    expect(upload.parameters.map((p: Json) => p.name)).toEqual(['mac', 'userTag', 'start', 'duration', 'type', 'timestamp', 'signature']);
    expect(Object.keys(upload.requestBody.content)).toEqual(['video/mp2t']);
    expect(upload.responses['429'].description).toBe('`CR0429`');
    expect(upload.responses['429'].headers['Retry-After']).toBeDefined();
    for (const [status, code] of [['400', 'CR0400'], ['401', 'CR0401'], ['403', 'CR0403'], ['409', 'CR0409'], ['413', 'CR0413'], ['415', 'CR0415']]) {
      expect(upload.responses[status].content['application/json'].schema.properties.errorCode.enum).toContain(code);
    }
    expect(upload.description).toContain('DCP-CAMERA-V1');
    const target = paths['/camera/v1/upload-target'].get;
    expect(target.parameters.map((p: Json) => p.name)).toEqual(['mac', 'userTag', 'timestamp', 'signature']);
    expect(target.responses['200'].content['application/json'].schema.properties.data.properties.uploadUrl).toBeDefined();
  });
});

describe('public API document: the alarm protocol', () => {
  const doc = buildPublicOpenApiDocument() as Json;
  const paths = doc.paths as Record<string, Json>;

  it('documents the alarm post with its signed parameters, the JPEG body, every refusal with its HTTP status, and the signing recipe', () => {
    const alarm = paths['/push/v1/alarms'].post;
    expect(alarm.parameters.map((p: Json) => p.name)).toEqual(['mac', 'type', 'time', 'timestamp', 'signature']);
    expect(Object.keys(alarm.requestBody.content)).toEqual(['image/jpeg']);
    expect(alarm.requestBody.required).toBe(false);
    for (const [status, code] of [['400', 'CR0400'], ['401', 'CR0401'], ['401', 'CR0402'], ['413', 'CR0413'], ['415', 'CR0416'], ['429', 'CR0429']]) {
      expect(alarm.responses[status].content['application/json'].schema.properties.errorCode.enum).toContain(code);
    }
    expect(alarm.responses['201'].content['application/json'].schema.properties.data.properties.merged).toBeDefined();
    expect(alarm.description).toContain('DCP-ALARM-V1');
    expect(alarm.description).toContain('The tag is never sent');
  });
});
