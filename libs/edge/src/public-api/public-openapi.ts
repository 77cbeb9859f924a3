/**
 * OpenAPI 3.1 document of the public surface (`GET /openapi.json`, browsable at `/docs`), generated from the
 * operation catalogue (GATEWAY_OPERATIONS: parameters, methods, answers, codes), the SSO operations
 * (SSO_OPERATIONS) and the error catalogue. Nothing here lists a parameter by hand.
 *
 * How `/gateway` and `/stream` are modelled (docs/decisions.md S11): OpenAPI has one operation per path and
 * method, and a path key cannot hold a query string (nor a fragment a client would keep: `fetch` drops it,
 * and the query string after it), while every catalogue operation shares `/gateway` (or `/stream`) and is
 * told apart by `?service=`. So each path has one operation per method, with flat parameters a generated
 * client sends as the platform expects (`service=…&clientId=…`, openapi-fetch and the like, default settings):
 * - GET: `service`, a required enum of the operations, and every parameter any of them takes, each its own
 *   optional `in: query` parameter (`style: form, explode: true`, a primitive), naming the operations that
 *   take it; each operation's own parameter object (its required ones, its rules) is in the operation's
 *   `x-requests`, by service (inline: no parameter refers to it, and unused components are a lint warning);
 * - POST: the `service` query parameter (an enum) and a form (or JSON) body that is `anyOf` the operations'
 *   parameter objects, each titled with and carrying `x-service`, the `service` value it belongs to.
 * An object-valued query parameter (one `request` parameter whose properties are the parameters) is what
 * the document said before: clients serialise it as `request[service]=…` (deepObject) and get 000006.
 * The answer (HTTP 200) is `anyOf` one schema per operation: its success envelope (`data` and top-level
 * fields from the catalogue's `response`) or its refusal (`errorCode` one of the codes it can answer); each
 * has an example, and the 200 answer one named example per operation and outcome.
 */
import { ALARM_TAG, alarmPaths } from './alarm-openapi';
import { CAMERA_TAG, cameraPaths } from './camera-openapi';
import { z } from 'zod';
import {
  type AnyGatewayOperation,
  ERROR_CATALOG,
  ErrorCode,
  GATEWAY_OPERATIONS,
  OPERATIONS,
  type ParamFacts,
  SSO_OPERATIONS,
  SSO_SIGNATURE_CODES,
  type SsoOperation,
  type Surface,
} from '@dcp/contracts';
import { MAX_CLOCK_SKEW_SECONDS, SIGNATURE_VERSION } from '@dcp/signing';
import { EXAMPLE_SECONDS, exampleOf } from './openapi-examples';
import { MERCHANT_ENDPOINTS_TAG, PLATFORM_SECURITY_SCHEMES, merchantWebhooks } from './webhooks-openapi';

type Json = Record<string, unknown>;

/** The codes a user-scoped call may be refused with by the access-token check (spec 7.2). */
const USER_AUTH_CODES = [
  ErrorCode.FC_AUTH_APPKEY_NOT_EXISTS,
  ErrorCode.FC_AUTH_OPENID_NOT_EXISTS,
  ErrorCode.FC_AUTH_OPENID_NOT_MATCH,
  ErrorCode.FC_AUTH_ACCESSTOKEN_NOT_MATCH,
  ErrorCode.FC_AUTH_ACCESSTOKEN_EXPIRED,
];

/** Every code an operation may answer, in the order of the checks (decisions S5), each wire value once. */
export function operationCodes(op: AnyGatewayOperation): ErrorCode[] {
  return uniqueByValue([
    // The edge's rate limits come before every other check (decisions AB1).
    ErrorCode.RATE_LIMITED,
    ErrorCode.FC_INVALID_PARAMETER,
    op.emptyCode,
    ErrorCode.FC_SERVICE_NOT_IMPLEMENT,
    ...(op.auth === 'user' ? USER_AUTH_CODES : []),
    ...op.errors,
    ErrorCode.FC_SYSTEM_ERROR,
  ]);
}

/** Every code a signed SSO call may answer: the signature checks (R1), then the operation's own. */
export function ssoCodes(op: SsoOperation): ErrorCode[] {
  return uniqueByValue([ErrorCode.RATE_LIMITED, ...SSO_SIGNATURE_CODES.filter((c) => c !== ErrorCode.FC_SYSTEM_ERROR), ...op.errors, ErrorCode.FC_SYSTEM_ERROR]);
}

function uniqueByValue(codes: readonly ErrorCode[]): ErrorCode[] {
  const seen = new Set<string>();
  return codes.filter((c) => !seen.has(ERROR_CATALOG[c].value) && seen.add(ERROR_CATALOG[c].value));
}

/** Component names: the catalogue key with a capital, e.g. `AddOemDevice`. */
const typeName = (key: string) => key.charAt(0).toUpperCase() + key.slice(1);

const FORMATS: Record<NonNullable<ParamFacts['format']>, string> = {
  mac: 'A MAC: 12 hex digits, plain or with ":" or "-" between every pair, any letter case (decisions D1).',
  'unix-time': 'Unix time as decimal digits: 13 digits or more are milliseconds, fewer are seconds.',
  'record-time': 'Epoch seconds (1–11 digits) or basic ISO YYYYMMDDTHHMMSS read as UTC (decisions CS5).',
  long: 'A signed 64-bit integer in decimal.',
};

/** The JSON Schema of one parameter, from its facts in the catalogue (gateway-params.ts). */
export function paramSchema(facts: ParamFacts): Json {
  const notes = [facts.description];
  const schema: Json = {};
  if (facts.format === 'long') Object.assign(schema, { type: 'integer', format: 'int64' });
  else schema.type = facts.type;
  if (facts.type === 'string') {
    // A required value sent empty counts as missing (S6), unless the catalogue accepts it empty (S9).
    const min = facts.required && !facts.emptyAccepted ? Math.max(1, facts.minLength ?? 1) : facts.minLength;
    if (min !== undefined && min > 0) schema.minLength = min;
  }
  // Lengths count characters (Unicode code points); an integer's counts its decimal text.
  if (facts.maxLength !== undefined) schema.maxLength = facts.maxLength;
  if (facts.allowed) schema.enum = [...facts.allowed];
  if (facts.minimum !== undefined) schema.minimum = facts.minimum;
  if (facts.maximum !== undefined) schema.maximum = facts.maximum;
  if (facts.format && facts.format !== 'long') schema.format = facts.format;
  if (facts.format) notes.push(FORMATS[facts.format]);
  if (facts.type === 'integer' && facts.maxLength !== undefined) notes.push(`At most ${facts.maxLength} characters.`);
  if (facts.emptyAccepted) notes.push('Required, but may be sent empty (decisions S9).');
  if (!facts.required) notes.push('Optional: sent empty, it counts as not given.');
  if (facts.type === 'string') notes.push(facts.multiline ? 'May hold tab, line feed and carriage return; no other control characters (decisions S10).' : 'No control characters (decisions S10).');
  schema.description = notes.join(' ');
  return schema;
}

function paramsObject(op: AnyGatewayOperation): { required: string[]; properties: Json } {
  const entries = Object.entries(op.params as Record<string, { facts: ParamFacts }>);
  return {
    required: entries.filter(([, p]) => p.facts.required).map(([name]) => name),
    properties: Object.fromEntries(entries.map(([name, p]) => [name, paramSchema(p.facts)])),
  };
}

/**
 * A zod schema as JSON Schema (OpenAPI 3.1 schemas are JSON Schema 2020-12), without its `$schema` and
 * without the safe-integer bounds zod gives every integer (they say nothing a reader needs).
 */
export function jsonSchema(schema: z.ZodType): Json {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as Json;
  return withoutSafeIntegerBounds(rest) as Json;
}

function withoutSafeIntegerBounds(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutSafeIntegerBounds);
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node)) {
    if ((k === 'minimum' && v === Number.MIN_SAFE_INTEGER) || (k === 'maximum' && v === Number.MAX_SAFE_INTEGER)) continue;
    out[k] = withoutSafeIntegerBounds(v);
  }
  return out;
}

const AUTH_TEXT: Record<AnyGatewayOperation['auth'], string> = {
  user: 'clientId, openId and accessToken of a signed-in user (030010/030030/030031/030040/030041 when they do not verify).',
  none: 'none: public, or authenticated by its own parameters.',
  session: 'devId, sessionToken = MD5(subtoken + timestamp) and timestamp, checked by storage-service (030040 when they do not match).',
};

function codeTable(codes: readonly ErrorCode[]): string {
  return ['| errorCode | meaning |', '|---|---|', ...codes.map((c) => `| \`${ERROR_CATALOG[c].value}\` | ${ERROR_CATALOG[c].text} |`)].join('\n');
}

function operationDescription(op: AnyGatewayOperation): string {
  const call = op.method === 'GET' ? `GET ${pathOf(op.surface)}?service=${op.service}&…` : `POST ${pathOf(op.surface)}?service=${op.service}`;
  const how = op.method === 'GET' ? 'parameters in the query string' : 'parameters in a form body';
  return `\`${call}\` (${how}) — ${op.summary} Authentication: ${AUTH_TEXT[op.auth]}`;
}

const pathOf = (surface: Surface) => (surface === 'gateway' ? '/gateway' : '/stream');

/** The codes as a string schema: the values, each one's meaning (`x-enumDescriptions`, read by renderers) and a table. */
function codeSchema(codes: readonly ErrorCode[]): Json {
  return {
    type: 'string',
    enum: codes.map((c) => ERROR_CATALOG[c].value),
    'x-enumDescriptions': Object.fromEntries(codes.map((c) => [ERROR_CATALOG[c].value, ERROR_CATALOG[c].text])),
    description: codeTable(codes),
  };
}

function gatewayComponents(op: AnyGatewayOperation, key: string): Record<string, Json> {
  const name = typeName(key);
  const { required, properties } = paramsObject(op);
  const request: Json =
    op.method === 'GET'
      ? {
          type: 'object',
          title: op.service,
          description: operationDescription(op),
          required: ['service', ...required],
          properties: { service: { type: 'string', const: op.service, description: 'The operation.' }, ...properties },
        }
      : { type: 'object', title: op.service, 'x-service': op.service, description: operationDescription(op), required, properties };
  const success = jsonSchema(
    z.object({ errorCode: z.literal('').describe('Empty: success.'), failureDetails: z.literal('') }).extend(op.response.shape).describe(`${op.service}: success.`),
  );
  success.examples = [exampleOf(success)];
  request.examples = [exampleOf(request)];
  const refusal: Json = {
    type: 'object',
    description: `${op.service}: refused.`,
    required: ['errorCode', 'failureDetails'],
    properties: {
      errorCode: codeSchema(operationCodes(op)),
      failureDetails: { type: 'string', description: 'What failed, naming the parameter when one did.' },
      ...(jsonSchema(op.refusalFields).properties as Json | undefined),
    },
  };
  refusal.examples = [refusalExample(op)];
  return {
    [`${name}${op.method === 'GET' ? 'Query' : 'Body'}`]: request,
    [`${name}Success`]: success,
    [`${name}Refusal`]: refusal,
    [`${name}Answer`]: { title: op.service, oneOf: [{ $ref: `#/components/schemas/${name}Success` }, { $ref: `#/components/schemas/${name}Refusal` }] },
  };
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

function overview(ops: readonly [string, AnyGatewayOperation][]): string {
  return ['| service | authentication | what it does |', '|---|---|---|', ...ops.map(([, op]) => `| \`${op.service}\` | ${op.auth} | ${op.summary} |`)].join('\n');
}

/** Text for a Markdown table cell: no line breaks, `|` escaped, `<…>` shown rather than read as HTML. */
const cell = (text: unknown) => String(text ?? '').replace(/\|/g, '\\|').replace(/\n/g, ' ').replace(/</g, '&lt;');

/** A schema's description, also when it sits on a nullable's member or an array's items. */
function descriptionOf(s: Json): unknown {
  if (s.description !== undefined) return s.description;
  if (Array.isArray(s.anyOf)) return (s.anyOf as Json[]).map((m) => m.description).find((d) => d !== undefined);
  if (s.type === 'array' && s.items) return (s.items as Json).description;
  return undefined;
}

/** A schema's type in words: `string`, `integer or null`, `array of object`… */
function typeText(s: Json): string {
  if (Array.isArray(s.anyOf)) return (s.anyOf as Json[]).map(typeText).join(' or ');
  if (s.type === 'array') return s.prefixItems ? `[${(s.prefixItems as Json[]).map(typeText).join(', ')}]` : `array of ${typeText((s.items ?? {}) as Json)}`;
  if (s.format === 'int64') return 'integer (int64)';
  return String(s.type ?? 'any');
}

/** The rules of a schema in words: allowed values, lengths, range, format. */
function rulesText(s: Json): string {
  const rules: string[] = [];
  if (s.const !== undefined) rules.push(`\`${String(s.const)}\``);
  if (Array.isArray(s.enum)) rules.push(`one of ${s.enum.map((v) => `\`${String(v)}\``).join(', ')}`);
  if (s.maxLength !== undefined) rules.push(s.minLength ? `${String(s.minLength)}–${String(s.maxLength)} characters` : `at most ${String(s.maxLength)} characters`);
  if (s.minimum !== undefined || s.maximum !== undefined) rules.push(`${String(s.minimum ?? '')}…${String(s.maximum ?? '')}`);
  if (typeof s.format === 'string' && s.format !== 'int64') rules.push(s.format);
  return rules.join('; ');
}

/** The answer's fields besides errorCode and failureDetails, `data`'s own fields one level down. */
function fieldRows(success: Json): string[] {
  const required = new Set((success.required as string[] | undefined) ?? []);
  const rows: string[] = [];
  for (const [name, field] of Object.entries((success.properties ?? {}) as Record<string, Json>)) {
    if (name === 'errorCode' || name === 'failureDetails') continue;
    rows.push(`| \`${name}\` | ${typeText(field)}${required.has(name) ? '' : ' (may be absent)'} | ${cell(descriptionOf(field))} |`);
    const record = (field.type === 'array' ? field.items : field) as Json | undefined;
    const inner = record?.properties as Record<string, Json> | undefined;
    if (!inner) continue;
    const innerRequired = new Set((record?.required as string[] | undefined) ?? []);
    for (const [sub, subField] of Object.entries(inner)) {
      rows.push(`| \`${name}${field.type === 'array' ? '[]' : ''}.${sub}\` | ${typeText(subField)}${innerRequired.has(sub) ? '' : ' (may be absent)'} | ${cell(descriptionOf(subField))} |`);
    }
  }
  return rows;
}

/** One operation as a reader needs it: call, parameters, answer fields, error codes — all read from its schemas in this document. */
function operationSheet(op: AnyGatewayOperation, request: Json, success: Json): string {
  const required = new Set(request.required as string[]);
  const params = Object.entries(request.properties as Record<string, Json>).filter(([name]) => name !== 'service');
  const fields = fieldRows(success);
  return [
    `### ${op.service}`,
    '',
    operationDescription(op),
    '',
    params.length
      ? ['| parameter | type | required | rules | description |', '|---|---|---|---|---|', ...params.map(([name, p]) => `| \`${name}\` | ${typeText(p)} | ${required.has(name) ? 'yes' : 'no'} | ${cell(rulesText(p))} | ${cell(descriptionOf(p))} |`)].join('\n')
      : 'No parameters.',
    '',
    fields.length ? ['Answer (`errorCode` `""`):', '', '| field | type | description |', '|---|---|---|', ...fields].join('\n') : 'Answer: `errorCode` `""` and `failureDetails` `""` only.',
    '',
    'Error codes:',
    '',
    codeTable(operationCodes(op)),
  ].join('\n');
}

function sheets(ops: readonly [string, AnyGatewayOperation][], schemas: Record<string, Json>): string {
  return ops.map(([key, op]) => operationSheet(op, schemas[`${typeName(key)}${op.method === 'GET' ? 'Query' : 'Body'}`], schemas[`${typeName(key)}Success`])).join('\n\n');
}

/** A refusal as the operation answers it: its first own code (or 000006 naming its first parameter), and its refusal fields. */
function refusalExample(op: AnyGatewayOperation): Json {
  const { required, properties } = paramsObject(op);
  const extra = jsonSchema(op.refusalFields) as Json;
  const fields = exampleOf({ type: 'object', properties: extra.properties ?? {} }) as Json;
  const own = op.errors[0];
  if (own !== undefined) return { errorCode: ERROR_CATALOG[own].value, failureDetails: ERROR_CATALOG[own].text, ...fields };
  const name = required[0] ?? Object.keys(properties)[0];
  const code = name ? ErrorCode.FC_INVALID_PARAMETER : ErrorCode.FC_SYSTEM_ERROR;
  return { errorCode: ERROR_CATALOG[code].value, failureDetails: name ? `parameter ${name} is required` : ERROR_CATALOG[code].text, ...fields };
}

/** HTTP 429 of the edge's rate limits, answered before any other check (every path of the public port). */
const RATE_LIMITED_ANSWER: Json = {
  description: `Too many requests from this address or merchant: \`${ERROR_CATALOG[ErrorCode.RATE_LIMITED].value}\`. Wait the seconds in Retry-After.`,
  headers: { 'Retry-After': { description: 'Seconds until a request is accepted again.', schema: { type: 'integer', minimum: 1 }, example: 1 } },
  content: {
    'application/json': {
      schema: {
        type: 'object',
        required: ['errorCode', 'failureDetails'],
        properties: { errorCode: { type: 'string', const: ERROR_CATALOG[ErrorCode.RATE_LIMITED].value }, failureDetails: { type: 'string' } },
      },
      example: { errorCode: ERROR_CATALOG[ErrorCode.RATE_LIMITED].value, failureDetails: ERROR_CATALOG[ErrorCode.RATE_LIMITED].text },
    },
  },
};

function answers(ops: readonly [string, AnyGatewayOperation][], schemas: Record<string, Json>): Json {
  const examples: Json = {};
  for (const [key, op] of ops) {
    const name = typeName(key);
    examples[`${name}Success`] = { summary: `${op.service}: success`, value: (schemas[`${name}Success`].examples as unknown[])[0] };
    examples[`${name}Refusal`] = { summary: `${op.service}: refused`, value: (schemas[`${name}Refusal`].examples as unknown[])[0] };
  }
  return {
    200: {
      description: 'Always HTTP 200, whatever the outcome: the operation\'s success envelope (`errorCode` empty) or its refusal. Pick the operation.',
      content: { 'application/json': { schema: { anyOf: ops.map(([key]) => ref(`${typeName(key)}Answer`)) }, examples } },
    },
    429: RATE_LIMITED_ANSWER,
  };
}

/** Who may call: a signed-in user's credentials, or nothing (public, or authenticated by the operation's own parameters). */
function securityOf(ops: readonly [string, AnyGatewayOperation][]): Json[] {
  const kinds = new Set(ops.map(([, op]) => op.auth));
  return [
    ...(kinds.has('none') ? [{}] : []),
    ...(kinds.has('user') ? [{ userClientId: [], userOpenId: [], userAccessToken: [] }] : []),
    ...(kinds.has('session') ? [{ deviceSession: [] }] : []),
  ];
}

/** Every parameter any of the operations takes, each its own query parameter; one schema when the operations agree. */
function queryParameters(ops: readonly [string, AnyGatewayOperation][], schemas: Record<string, Json>): Json[] {
  const uses = new Map<string, { service: string; required: boolean; schema: Json }[]>();
  for (const [key, op] of ops) {
    const query = schemas[`${typeName(key)}Query`];
    for (const [name, schema] of Object.entries(query.properties as Record<string, Json>)) {
      if (name === 'service') continue;
      uses.set(name, [...(uses.get(name) ?? []), { service: op.service, required: (query.required as string[]).includes(name), schema }]);
    }
  }
  const service: Json = {
    name: 'service',
    in: 'query',
    required: true,
    style: 'form',
    explode: true,
    description: 'The operation. The parameters below it are each its own query parameter; send those the operation takes (each names the operations that take it).',
    schema: { type: 'string', enum: ops.map(([, op]) => op.service) },
    example: ops[0][1].service,
  };
  return [
    service,
    ...[...uses].map(([name, list]) => {
      const distinct = [...new Map(list.map((u) => [JSON.stringify(u.schema), u.schema])).values()];
      const takenBy =
        list.length === ops.length && list.every((u) => u.required)
          ? 'every operation of this path (required)'
          : list.map((u) => `\`${u.service}\` (${u.required ? 'required' : 'optional'})`).join(', ');
      return {
        name,
        in: 'query',
        required: false,
        style: 'form',
        explode: true,
        description: `Taken by ${takenBy}.${distinct.length === 1 ? ` ${String(distinct[0].description ?? '')}` : ' Its rules differ by operation: see each operation below.'}`,
        schema: distinct.length === 1 ? distinct[0] : { anyOf: distinct },
        example: exampleOf(distinct[0], name),
      };
    }),
  ];
}

function getOperation(surface: Surface, ops: readonly [string, AnyGatewayOperation][], schemas: Record<string, Json>): Json {
  return {
    tags: [surface === 'gateway' ? 'Gateway' : 'Cloud storage'],
    operationId: `${surface}Get`,
    summary: `${surface === 'gateway' ? 'Gateway' : 'Cloud-storage'} operations called with GET`,
    description: `Every operation below is \`GET ${pathOf(surface)}?service=<service>&<parameter>=<value>…\`: \`service\` and each parameter its own query parameter.\n\n${overview(ops)}\n\n${sheets(ops, schemas)}`,
    security: securityOf(ops),
    parameters: queryParameters(ops, schemas),
    'x-requests': Object.fromEntries(ops.map(([key, op]) => [op.service, schemas[`${typeName(key)}Query`]])),
    responses: answers(ops, schemas),
  };
}

function postOperation(ops: readonly [string, AnyGatewayOperation][], schemas: Record<string, Json>): Json {
  const body = { anyOf: ops.map(([key]) => ref(`${typeName(key)}Body`)) };
  return {
    tags: ['Gateway'],
    operationId: 'gatewayPost',
    summary: 'Gateway operations called with POST',
    description: `Every operation below is \`POST /gateway?service=<service>\` with its parameters as a form body (\`Content-Type: application/x-www-form-urlencoded\`; a JSON object works too, and so does the query string; a parameter in both the body and the query string is read from the body). \`service\` may instead be a field of the body, with no query string; named in both, the two must be the same, or the call is refused with 000006.\n\n${overview(ops)}\n\n${sheets(ops, schemas)}`,
    security: securityOf(ops),
    parameters: [
      {
        name: 'service',
        in: 'query',
        required: false,
        style: 'form',
        explode: true,
        description: 'The operation; or `service` as a field of the body.',
        schema: { type: 'string', enum: ops.map(([, op]) => op.service) },
        example: ops[0][1].service,
      },
    ],
    requestBody: {
      required: true,
      description: 'The parameters of the operation named by `service`: the schema whose `x-service` is that name.',
      content: { 'application/x-www-form-urlencoded': { schema: body }, 'application/json': { schema: body } },
    },
    responses: answers(ops, schemas),
  };
}

const SIGNATURE_HEADERS: Record<string, Json> = {
  XClientTime: {
    name: 'x-client-time',
    in: 'header',
    required: true,
    description: `Unix time in seconds when the request was signed; at most ${MAX_CLOCK_SKEW_SECONDS} s from server time (OP0042). Each signature is accepted once (OP0044): sign every request anew.`,
    schema: { type: 'string', pattern: '^\\d+$' },
    example: String(EXAMPLE_SECONDS),
  },
  XVersion: { name: 'x-version', in: 'header', required: true, description: `Signature version (OP0045 otherwise).`, schema: { type: 'string', const: SIGNATURE_VERSION }, example: SIGNATURE_VERSION },
  XClientId: { name: 'x-client-Id', in: 'header', required: true, description: 'The merchant\'s clientId (030010 when unknown, OP0047 when disabled).', schema: { type: 'string', maxLength: 40 }, example: 'a1b2c3d4e5f60718293a4b5c6d7e8f90' },
  Sign: {
    name: 'sign',
    in: 'header',
    required: true,
    description:
      'Lower-case hex HMAC-SHA256 under the key clientSecret + x-client-time of `POST\\n<path>\\n<parameters sorted by name, name=value joined by &, not URL-encoded>\\n<x-client-time>` (spec 5.1; every parameter sent is signed, decisions R3). OP0043 when it does not match.',
    schema: { type: 'string', pattern: '^[0-9a-fA-F]{64}$' },
    example: '9c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c1d',
  },
};

/** Security schemes: the merchant's signed SSO calls, a signed-in user's credentials, a device's session token, the camera's signatures, the platform's signed calls to the merchant. */
const SECURITY_SCHEMES: Record<string, Json> = {
  merchantClientId: { type: 'apiKey', in: 'header', name: 'x-client-Id', description: 'The merchant\'s clientId; with x-client-time, x-version and sign (the merchant\'s signature of the call).' },
  merchantSignature: { type: 'apiKey', in: 'header', name: 'sign', description: 'The merchant\'s signature of the call under its clientSecret (see the sign header).' },
  userClientId: { type: 'apiKey', in: 'query', name: 'clientId', description: 'The merchant\'s clientId (a parameter of the operation).' },
  userOpenId: { type: 'apiKey', in: 'query', name: 'openId', description: 'The signed-in user (openId of /sso/authorize_by_token).' },
  userAccessToken: { type: 'apiKey', in: 'query', name: 'accessToken', description: 'The user\'s access token (/sso/authorize_by_token, /sso/refresh_token).' },
  deviceSession: { type: 'apiKey', in: 'query', name: 'sessionToken', description: 'MD5(subtoken + timestamp) of the device\'s owner, with devId and timestamp (center.getServerInfo gives the subtoken).' },
  cameraSignature: { type: 'apiKey', in: 'query', name: 'signature', description: 'The camera\'s HMAC-SHA256 of the request (see the operation), keyed with its streamId or its owner\'s push tag.' },
  ...PLATFORM_SECURITY_SCHEMES,
};

function ssoPath(op: SsoOperation): Json {
  const name = typeName(op.operation.replace(/_(\w)/g, (_m, c: string) => c.toUpperCase()));
  const body = {
    type: 'object',
    required: op.params.map((p) => p.name),
    properties: Object.fromEntries(
      op.params.map((p) => {
        const schema: Json = { type: 'string', minLength: 1, maxLength: p.maxLength, ...(p.allowed ? { enum: [...p.allowed] } : {}) };
        return [p.name, { ...schema, description: `${p.description} Required: ${rulesText(schema)}; no control characters (decisions R4).` }];
      }),
    ),
  };
  const codes = ssoCodes(op);
  const success = jsonSchema(z.object({ errorCode: z.literal(''), failureDetails: z.literal('') }).extend(op.response.shape));
  return {
    post: {
      tags: ['SSO'],
      operationId: `sso${name}`,
      summary: op.summary,
      description: `${op.description}\n\nSigned by the merchant (spec 5.1): the four headers below. Parameters in a form body (a JSON object and the query string work too, decisions S4). Checks in order: headers, merchant, version, clock, signature, replay, parameters (decisions R1).\n\n${codeTable(codes)}`,
      security: [{ merchantClientId: [], merchantSignature: [] }],
      parameters: Object.keys(SIGNATURE_HEADERS).map((h) => ({ $ref: `#/components/parameters/${h}` })),
      requestBody: { required: true, content: { 'application/x-www-form-urlencoded': { schema: body, example: exampleOf(body) }, 'application/json': { schema: body, example: exampleOf(body) } } },
      responses: {
        200: {
          description: 'Success (decisions S3).',
          content: { 'application/json': { schema: success, example: exampleOf(success) } },
        },
        401: {
          description: 'Every failure, internal errors included (decisions S2).',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['errorCode', 'failureDetails', ...(op.failureExpiresIn ? ['expiresIn'] : [])],
                properties: {
                  errorCode: codeSchema(codes),
                  failureDetails: { type: 'string', description: 'What failed, naming the header or parameter when one did.' },
                  ...(op.failureExpiresIn ? { expiresIn: { type: 'integer', const: 0 } } : {}),
                },
              },
              example: { errorCode: ERROR_CATALOG[ErrorCode.SSO_SIGNATURE_MISMATCH].value, failureDetails: ERROR_CATALOG[ErrorCode.SSO_SIGNATURE_MISMATCH].text, ...(op.failureExpiresIn ? { expiresIn: 0 } : {}) },
            },
          },
        },
        429: RATE_LIMITED_ANSWER,
      },
    },
  };
}

function allCodes(): ErrorCode[] {
  return uniqueByValue([...OPERATIONS.flatMap((op) => operationCodes(op)), ...SSO_OPERATIONS.flatMap((op) => ssoCodes(op))]).sort((a, b) =>
    ERROR_CATALOG[a].value.localeCompare(ERROR_CATALOG[b].value),
  );
}

const DESCRIPTION = `The public interface of the Device Cloud Platform: merchant sign-in (\`/sso/*\`), the gateway (\`/gateway?service=…\`) and the cloud-storage host (\`/stream?service=…\`). Generated from the operation catalogue the platform validates every call with, so it states exactly what the edge enforces.

**Envelope** (spec 2.1): every answer is a JSON object with \`errorCode\` (\`""\` on success) and \`failureDetails\`, plus \`data\` and top-level fields of the operation. \`/gateway\` and \`/stream\` answer **HTTP 200** for every outcome: read \`errorCode\`. \`/sso/*\` answers 200 on success and **401** on every failure, internal errors included. A path that does not exist answers **HTTP 404** \`{"errorCode":"009999","failureDetails":"no such path: /…"}\`. Any path may answer **HTTP 429** \`RL0429\` when a client sends too many requests: wait the seconds in \`Retry-After\`.

**Calling an operation**: \`GET /gateway?service=<service>&<parameter>=<value>…\`, or \`POST /gateway?service=<service>\` with the parameters as a form body. All operations of a path and method share one operation of this document (OpenAPI allows one per path and method, and they differ only by \`service\`): \`service\` is an enum, and every parameter is its own query parameter naming the operations that take it. Each operation has its own section in the description of its method (its parameters, answer fields and error codes) and its own schemas, named after it: \`<Name>Body\` (POST), \`<Name>Success\`, \`<Name>Refusal\`; a GET operation's parameter object is in its method's \`x-requests\`. Unknown parameters are ignored; a parameter sent twice is refused.

**Generated clients**: clients generated from this document with default settings send calls as the platform expects. With openapi-typescript and openapi-fetch: \`client.GET('/gateway', { params: { query: { service: 'cloud_system.current_time' } } })\`; a POST sends a JSON body by default, which the platform accepts; to send a form, set the header \`Content-Type: application/x-www-form-urlencoded\` (openapi-fetch's default body serializer then writes the form): \`client.POST('/gateway', { params: { query: { service } }, body, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } })\`.

**Checks**: \`service\` missing → 000006; unknown → 009999; wrong method → 000006; then every parameter (required, empty, length in characters, integer, allowed values; then MACs and times; then business ranges), the first refusal naming the parameter; then authentication. A required parameter sent empty counts as missing (000006; 000005 on firmware.latest) except where it says it may be empty. No parameter may hold a control character.

**The merchant's endpoints**: the platform calls the merchant's is_valid_token and get_user_profile, and its push server when it has one, signed with the same headers as the merchant's SSO calls: see *webhooks*.

**Error codes** the operations answer:

${codeTable(allCodes())}`;

export function buildPublicOpenApiDocument(): Json {
  const entries = (surface: Surface, method: 'GET' | 'POST') =>
    Object.entries(GATEWAY_OPERATIONS).filter(([, op]) => op.surface === surface && op.method === method) as [string, AnyGatewayOperation][];
  const schemas: Record<string, Json> = {};
  for (const [key, op] of Object.entries(GATEWAY_OPERATIONS)) Object.assign(schemas, gatewayComponents(op, key));
  // The GET operations' parameter objects are listed in their operation's `x-requests`, not as components:
  // no parameter refers to them (each parameter is its own, flat).
  const queries = Object.fromEntries(Object.entries(schemas).filter(([name]) => name.endsWith('Query')));
  const paths: Record<string, Json> = {};
  for (const op of SSO_OPERATIONS) paths[`/sso/${op.operation}`] = ssoPath(op);
  paths['/gateway'] = { get: getOperation('gateway', entries('gateway', 'GET'), schemas), post: postOperation(entries('gateway', 'POST'), schemas) };
  paths['/stream'] = {
    description: 'On the cloud-storage host {store_url} (PUBLIC_STORE_URL; by default the same server).',
    get: getOperation('stream', entries('stream', 'GET'), schemas),
  };
  for (const name of Object.keys(queries)) delete schemas[name];
  Object.assign(paths, cameraPaths(), alarmPaths());
  for (const [path, security] of [
    ['/camera/v1/upload-target', 'get'],
    ['/camera/v1/segments', 'post'],
    ['/push/v1/alarms', 'post'],
  ] as const) {
    const operation = (paths[path] as Record<string, Json> | undefined)?.[security];
    if (operation) operation.security = [{ cameraSignature: [] }];
  }
  return withoutPrivateReferences({
    openapi: '3.1.0',
    info: { title: 'Device Cloud Platform public API', version: '1.0.0', description: DESCRIPTION, license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' } },
    servers: [{ url: '/' }],
    tags: [
      { name: 'SSO', description: 'Signed calls of merchants\' apps and servers (spec 4.1, 5.1).' },
      { name: 'Gateway', description: 'Operations of signed-in users, server time and the manufacturers\' force unbind (spec 4.4).' },
      { name: 'Cloud storage', description: 'Recordings of a device, authenticated by its owner\'s session token (spec 4.5).' },
      CAMERA_TAG,
      ALARM_TAG,
      MERCHANT_ENDPOINTS_TAG,
    ],
    paths,
    webhooks: merchantWebhooks(),
    components: { schemas, parameters: SIGNATURE_HEADERS, securitySchemes: SECURITY_SCHEMES },
  });
}

/**
 * The document is read outside the repository: references to the platform's design decisions
 * ("(decisions S4)") point nowhere for its readers. Each sits after the rule it refers to, which the
 * sentence already states, so it is dropped.
 */
function withoutPrivateReferences<T>(node: T): T {
  if (typeof node === 'string') {
    return node
      .replace(/ ?\((?:docs\/decisions\.md|decisions) [A-Z]{1,3}\d+[a-z]?\)/g, '')
      .replace(/[,;] (?:docs\/decisions\.md|decisions) [A-Z]{1,3}\d+[a-z]?\)/g, ')') as T;
  }
  if (Array.isArray(node)) return node.map(withoutPrivateReferences) as T;
  if (node && typeof node === 'object') return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, withoutPrivateReferences(v)])) as T;
  return node;
}
