/**
 * The public API document cannot drift from what the edge enforces: every operation and parameter is read
 * from the *document* (not from the catalogue), requests are derived from what it says — a complete valid
 * call, each required parameter left out or sent empty, each length exceeded by one, each value outside its
 * allowed set or range — and each is checked against parseOperationParams of the catalogue entry that
 * findOperation resolves, as the edge (gateway-dispatcher.ts) does. The operations and parameters the
 * document names must be exactly the catalogue's.
 */
import { ERROR_CATALOG, ErrorCode, OPERATIONS, PlatformError, type Surface, findOperation, parseOperationParams } from '@dcp/contracts';
import { buildPublicOpenApiDocument } from './public-openapi';

type Json = Record<string, any>;

interface DocumentedOperation {
  surface: Surface;
  method: 'GET' | 'POST';
  service: string;
  required: string[];
  params: Record<string, Json>;
  /** The errorCode values its refusal may carry. */
  codes: string[];
}

/** The operations as the document describes them (decisions S11: GET by x-requests, POST by x-service). */
function documentedOperations(doc: Json): DocumentedOperation[] {
  const schemas = doc.components.schemas as Record<string, Json>;
  const deref = (s: Json): Json => (s.$ref ? schemas[String(s.$ref).replace('#/components/schemas/', '')] : s);
  const codesOf = (responses: Json, service: string): string[] => {
    const answer = (responses['200'].content['application/json'].schema.anyOf as Json[]).map(deref).find((a) => a.title === service);
    if (!answer) return [];
    const refusal = (answer.oneOf as Json[]).map(deref).find((s) => s.properties.errorCode.const === undefined);
    return refusal?.properties.errorCode.enum ?? [];
  };
  const out: DocumentedOperation[] = [];
  for (const [path, surface] of [
    ['/gateway', 'gateway'],
    ['/stream', 'stream'],
  ] as const) {
    const get = doc.paths[path]?.get;
    // The operations' parameter objects are in x-requests (each parameter is also its own query parameter).
    for (const option of (Object.values(get?.['x-requests'] ?? {}) as Json[]).map(deref)) {
      const { service, ...params } = option.properties as Record<string, Json>;
      out.push({ surface, method: 'GET', service: service.const, required: (option.required as string[]).filter((n) => n !== 'service'), params, codes: codesOf(get.responses, service.const) });
    }
    const post = doc.paths[path]?.post;
    if (!post) continue;
    const named = post.parameters.find((p: Json) => p.name === 'service').schema.enum as string[];
    const bodies = (post.requestBody.content['application/x-www-form-urlencoded'].schema.anyOf as Json[]).map(deref);
    expect(bodies.map((b) => b['x-service'])).toEqual(named);
    for (const body of bodies) {
      out.push({ surface, method: 'POST', service: body['x-service'], required: body.required, params: body.properties, codes: codesOf(post.responses, body['x-service']) });
    }
  }
  return out;
}

/** A value the schema documents as valid. A format the document names but this spec does not know fails loudly. */
function validValue(s: Json): string {
  if (Array.isArray(s.enum)) return String(s.enum[0]);
  switch (s.format) {
    case 'mac':
      return '0A1B2C3D4E5F';
    case 'unix-time':
      return '1795651260';
    case 'record-time':
      return '20261123T000000';
    case 'int64':
      return '9223372036854775807';
    case undefined:
      break;
    default:
      throw new Error(`the document names format ${String(s.format)}, unknown to this spec: teach it a valid value`);
  }
  if (s.type === 'integer') return String(s.minimum ?? 1);
  return 'x'.repeat(Math.max(1, s.minLength ?? 1));
}

function refusalOf(run: () => unknown): PlatformError | undefined {
  try {
    run();
    return undefined;
  } catch (err) {
    if (err instanceof PlatformError) return err;
    throw err;
  }
}

const value = (code: ErrorCode) => ERROR_CATALOG[code].value;

/** What differs between the document and the edge's checks, one line each; empty when they agree. */
function driftOf(doc: Json): string[] {
  const problems: string[] = [];
  const documented = documentedOperations(doc);
  const key = (o: { surface: string; service: string }) => `${o.surface} ${o.service}`;
  const inDocument = new Set(documented.map(key));
  for (const op of OPERATIONS) if (!inDocument.has(key(op))) problems.push(`${key(op)}: in the catalogue, not documented`);
  for (const d of documented) {
    const op = findOperation(d.surface, d.service);
    const at = key(d);
    if (!op) {
      problems.push(`${at}: documented, not in the catalogue`);
      continue;
    }
    if (op.method !== d.method) problems.push(`${at}: documented as ${d.method}, the edge wants ${op.method}`);
    const names = Object.keys(d.params);
    for (const name of Object.keys(op.params)) if (!names.includes(name)) problems.push(`${at}: parameter ${name} not documented`);
    for (const name of names) if (!(name in op.params)) problems.push(`${at}: documents parameter ${name}, unknown to the edge`);
    const parse = (params: Record<string, string | undefined>) => refusalOf(() => parseOperationParams(op, params));
    const full = Object.fromEntries(names.map((n) => [n, validValue(d.params[n])]));
    const minimal = Object.fromEntries(d.required.map((n) => [n, full[n]]));
    for (const [label, call] of [
      ['every parameter', full],
      ['the required parameters', minimal],
    ] as const) {
      const refused = parse(call);
      if (refused) problems.push(`${at}: a valid call with ${label} is refused: ${refused.value} ${refused.failureDetails}`);
    }
    // Refused naming the parameter, with a code the document lists for the operation.
    const expectRefusal = (what: string, name: string, call: Record<string, string | undefined>, code?: string, details?: string) => {
      const refused = parse(call);
      if (!refused) return problems.push(`${at}: ${what} is accepted`);
      if (!refused.failureDetails.startsWith(`parameter ${name} `)) problems.push(`${at}: ${what} is refused naming something else: ${refused.failureDetails}`);
      if (code && refused.value !== code) problems.push(`${at}: ${what} answers ${refused.value}, not ${code}`);
      if (details && refused.failureDetails !== details) problems.push(`${at}: ${what} says "${refused.failureDetails}", not "${details}"`);
      if (!d.codes.includes(refused.value)) problems.push(`${at}: ${what} answers ${refused.value}, not among its documented codes`);
      return undefined;
    };
    const emptyCode = d.codes.includes(value(ErrorCode.FC_PARAMETER_EMPTY)) ? value(ErrorCode.FC_PARAMETER_EMPTY) : value(ErrorCode.FC_INVALID_PARAMETER);
    for (const name of names) {
      const s = d.params[name];
      const required = d.required.includes(name);
      if (required) expectRefusal(`${name} left out`, name, { ...full, [name]: undefined }, value(ErrorCode.FC_INVALID_PARAMETER), `parameter ${name} is required`);
      else if (parse({ ...full, [name]: undefined })) problems.push(`${at}: optional ${name} left out is refused`);
      // Empty: a required integer, or a required string of at least one character, refuses it (S6); else accepted (S9).
      if (required && (s.type !== 'string' || (s.minLength ?? 0) >= 1)) expectRefusal(`${name} sent empty`, name, { ...full, [name]: '' }, emptyCode);
      else if (parse({ ...full, [name]: '' })) problems.push(`${at}: ${name} sent empty is refused, the document allows it`);
      if (s.maxLength !== undefined) {
        const over = (s.type === 'integer' ? '1' : 'x').repeat(s.maxLength + 1);
        expectRefusal(`${name} of ${s.maxLength + 1} characters`, name, { ...full, [name]: over }, value(ErrorCode.FC_INVALID_PARAMETER), `parameter ${name} exceeds ${s.maxLength} characters`);
      }
      if (Array.isArray(s.enum)) {
        for (const allowed of s.enum as unknown[]) {
          const refused = parse({ ...full, [name]: String(allowed) });
          if (refused) problems.push(`${at}: ${name}=${String(allowed)} (documented as allowed) is refused: ${refused.value} ${refused.failureDetails}`);
        }
        const outside = s.type === 'integer' ? String(Math.max(...(s.enum as number[])) + 1) : `${String(s.enum[0])}-other`;
        expectRefusal(`${name}=${outside} (outside ${JSON.stringify(s.enum)})`, name, { ...full, [name]: outside });
      }
      if (s.maximum !== undefined) {
        if (parse({ ...full, [name]: String(s.maximum) })) problems.push(`${at}: ${name}=${s.maximum} (its documented maximum) is refused`);
        expectRefusal(`${name}=${s.maximum + 1} (above its maximum)`, name, { ...full, [name]: String(s.maximum + 1) });
      }
      if (s.minimum !== undefined) expectRefusal(`${name}=${s.minimum - 1} (below its minimum)`, name, { ...full, [name]: String(s.minimum - 1) });
      if (s.type === 'integer') expectRefusal(`${name}=one (not an integer)`, name, { ...full, [name]: 'one' });
    }
  }
  return problems;
}

describe('the public API document and the edge agree (no drift)', () => {
  const doc = buildPublicOpenApiDocument() as Json;

  it('documents exactly the catalogue\'s operations and parameters, and every documented rule is the one the edge enforces', () => {
    expect(documentedOperations(doc)).toHaveLength(OPERATIONS.length);
    expect(driftOf(doc)).toEqual([]);
  });

  it('sends every GET parameter of an operation as its own query parameter (form, exploded, a primitive), with the rules its operation documents', () => {
    for (const path of ['/gateway', '/stream']) {
      const get = doc.paths[path].get;
      const flat = new Map(((get.parameters ?? []) as Json[]).map((p) => [p.name, p]));
      for (const p of flat.values()) expect([path, p.name, p.in, p.style, p.explode, p.schema.type === 'object']).toEqual([path, p.name, 'query', 'form', true, false]);
      expect(flat.get('service')).toMatchObject({ required: true, schema: { enum: Object.keys(get['x-requests']) } });
      for (const [service, request] of Object.entries(get['x-requests'] as Record<string, Json>)) {
        for (const [name, schema] of Object.entries(request.properties as Record<string, Json>)) {
          if (name === 'service') continue;
          const param = flat.get(name);
          expect([path, service, name, param !== undefined]).toEqual([path, service, name, true]);
          const options = param!.schema.anyOf ?? [param!.schema];
          expect([service, name, options.some((o: Json) => JSON.stringify(o) === JSON.stringify(schema))]).toEqual([service, name, true]);
          expect(param!.description).toMatch(new RegExp(`every operation of this path \\(required\\)|\`${service.replace(/\./g, '\\.')}\` \\(${(request.required as string[]).includes(name) ? 'required' : 'optional'}\\)`));
        }
      }
    }
  });

  it('checked every parameter of every operation', () => {
    const documented = documentedOperations(doc);
    const params = documented.flatMap((d) => Object.keys(d.params).map((n) => `${d.service}.${n}`));
    expect(params.sort()).toEqual(OPERATIONS.flatMap((op) => Object.keys(op.params).map((n) => `${op.service}.${n}`)).sort());
  });

  describe('would notice', () => {
    const mutated = (change: (d: Json) => void) => {
      const copy = structuredClone(doc);
      change(copy);
      return driftOf(copy);
    };
    const schemas = (d: Json) => d.components.schemas as Record<string, Json>;
    /** A GET operation's parameter object. */
    const query = (d: Json, service: string): Json => d.paths['/gateway'].get['x-requests'][service] ?? d.paths['/stream'].get['x-requests'][service];

    it('an operation of the catalogue left out of the document', () => {
      expect(
        mutated((d) => delete d.paths['/gateway'].get['x-requests']['cloud_system.current_time']),
      ).toEqual(['gateway cloud_system.current_time: in the catalogue, not documented']);
    });

    it('an operation documented that the edge does not know', () => {
      expect(mutated((d) => (query(d, 'cloud_system.current_time').properties.service.const = 'cloud_system.time'))).toContain('gateway cloud_system.time: documented, not in the catalogue');
    });

    it('a parameter missing from the document, or one the edge does not know', () => {
      expect(mutated((d) => delete query(d, 'firmware.latest').properties.patchVersion)).toContain('gateway firmware.latest: parameter patchVersion not documented');
      expect(mutated((d) => (query(d, 'fcmall.get_current_service').properties.area = { type: 'string' }))).toContain('gateway fcmall.get_current_service: documents parameter area, unknown to the edge');
    });

    it('a documented length, allowed value, range or requirement the edge does not enforce', () => {
      const at = 'gateway user_ipc_setting_v2_0.addOemDevice';
      expect(mutated((d) => (schemas(d).AddOemDeviceBody.properties.deviceName.maxLength = 60))).toEqual([
        `${at}: deviceName of 61 characters says "parameter deviceName exceeds 50 characters", not "parameter deviceName exceeds 60 characters"`,
      ]);
      expect(mutated((d) => (schemas(d).AddOemDeviceBody.properties.deviceName.maxLength = 40))).toEqual([`${at}: deviceName of 41 characters is accepted`]);
      expect(mutated((d) => (schemas(d).AddOemDeviceBody.properties.hasusertag.enum = [0, 2, 3]))).toEqual([`${at}: hasusertag=3 (documented as allowed) is refused: 000006 parameter hasusertag must be one of 0, 2`]);
      expect(mutated((d) => (query(d, 'firmware.latest').properties.sysVersion1.maximum = 99))).toEqual(['gateway firmware.latest: sysVersion1=100 (above its maximum) is accepted']);
      expect(mutated((d) => schemas(d).UpdateOemDeviceBody.required.push('deviceName'))).toEqual(['gateway user_ipc_setting_v2_0.updateOemDevice: deviceName left out is accepted']);
      expect(mutated((d) => delete query(d, 'record.query').properties.recordSt.minLength)).toEqual(['stream record.query: recordSt sent empty is refused, the document allows it']);
    });

    it('a wrong method, or a refusal code the document does not list', () => {
      expect(
        mutated((d) => {
          const post = d.paths['/gateway'].post;
          post.parameters[0].schema.enum = post.parameters[0].schema.enum.filter((s: string) => s !== 'permission.active');
          post.requestBody.content['application/x-www-form-urlencoded'].schema.anyOf = post.requestBody.content['application/x-www-form-urlencoded'].schema.anyOf.filter(
            (r: Json) => !String(r.$ref).endsWith('/ActivatePermissionBody'),
          );
          const body = schemas(d).ActivatePermissionBody;
          d.paths['/gateway'].get['x-requests']['permission.active'] = { ...body, required: ['service', ...body.required], properties: { service: { const: 'permission.active' }, ...body.properties } };
        }),
      ).toContain('gateway permission.active: documented as GET, the edge wants POST');
      expect(
        mutated((d) => {
          const codes = schemas(d).FirmwareLatestRefusal.properties.errorCode;
          codes.enum = codes.enum.filter((c: string) => c !== '000005');
        }),
      ).toContain('gateway firmware.latest: macAddr sent empty answers 000005, not 000006');
      expect(
        mutated((d) => {
          const codes = schemas(d).FirmwareLatestRefusal.properties.errorCode;
          codes.enum = codes.enum.filter((c: string) => c !== '010026');
        }),
      ).toContain('gateway firmware.latest: sysVersion1=2147483648 (above its maximum) answers 010026, not among its documented codes');
    });
  });
});
