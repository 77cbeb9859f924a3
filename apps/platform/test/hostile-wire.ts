/**
 * Hostile requests as raw bytes for the property specs of hostile-input.e2e.spec.ts: parameter maps with
 * duplicated, prototype, oversized, wrongly typed and control-character values, odd percent-encodings and
 * invalid UTF-8, placed in the query string, a form body or a JSON body — and sometimes under the other
 * body's content type. Sent with node:http rather than fetch so nothing normalises the bytes on the way.
 */
import { request } from 'node:http';
import fc from 'fast-check';

/** One parameter value: a text (percent-encoded as UTF-8), raw wire bytes (sent as they are), or a JSON value. */
export type HostileValue = { kind: 'text'; text: string } | { kind: 'wire'; wire: string } | { kind: 'json'; json: unknown };
export type HostilePair = readonly [name: string, value: HostileValue];

/** Where the pairs travel and under which content type. */
export type Placement = 'query' | 'form' | 'json' | 'json-as-form' | 'form-as-json' | 'form-as-text' | 'form-untyped' | 'json-broken' | 'json-not-object';
export const PLACEMENTS: readonly Placement[] = ['query', 'form', 'json', 'json-as-form', 'form-as-json', 'form-as-text', 'form-untyped', 'json-broken', 'json-not-object'];

export interface HostileRequest {
  method: string;
  /** Path and query exactly as written on the request line. */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

export interface RawAnswer {
  status: number;
  text: string;
  /** The parsed body, or undefined when it is not JSON. */
  json: Record<string, unknown> | undefined;
}

export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString', 'valueOf'];

/** Percent-encodings a decoder may stumble on: truncated, non-hex, overlong, surrogates, beyond U+10FFFF, NUL, BOM, bidi override. */
const ODD_WIRE = ['%', '%2', '%zz', '%%', '%%41', '%C3%28', '%FF%FE', '%ED%A0%80', '%C0%AF', '%F4%90%80%80', '%00', '%0A%0D', '%E2%80%AE', '%EF%BB%BF', '+', '%2B', '%26', '%3D', '&', '=', ';', '\u00ff', '\u00c3\u0028', '\u00e9'];

/** Numbers a parser may read differently from a plain decimal. */
const ODD_NUMBERS = ['-0', '1.5', '1e3', '0x10', ' 1', '1 ', '+1', 'NaN', 'Infinity', '-1', '99999999999999999999', '9007199254740993', '00000000001', '١٢٣', 'true'];

const text = (t: fc.Arbitrary<string>) => t.map((s): HostileValue => ({ kind: 'text', text: s }));

const controlCharacter = fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c));

/** A value for a parameter, sized against its documented length limit. */
export function hostileValue(maxLength: number): fc.Arbitrary<HostileValue> {
  return fc.oneof(
    text(fc.string({ unit: 'binary', maxLength: 24 })),
    text(fc.string({ unit: fc.oneof(controlCharacter, fc.constantFrom('a', '0', '\u0000', '\u007f', '\u2028')), maxLength: 8 })),
    text(fc.constantFrom('', ...ODD_NUMBERS)),
    // At the limit, just over it, and far over it (still inside a request line Node accepts).
    text(fc.integer({ min: 0, max: 2 }).chain((extra) => fc.constantFrom('a', 'é', '😀', '0').map((c) => c.repeat(maxLength + extra)))),
    text(fc.constantFrom('x'.repeat(5000), '9'.repeat(4000))),
    fc.array(fc.constantFrom(...ODD_WIRE), { minLength: 1, maxLength: 4 }).map((parts): HostileValue => ({ kind: 'wire', wire: parts.join('') })),
    fc.constantFrom<unknown>(0, -1, 1.5, 1e308, true, false, null, [], ['a', 'b'], {}, { a: 1 }, JSON.parse('{"__proto__":{"polluted":1}}')).map((json): HostileValue => ({ kind: 'json', json })),
  );
}

/** Parameter names: the operation's own, the prototype keys, `service` itself, and random ones. */
export function hostileName(known: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...known, 'service') },
    { weight: 2, arbitrary: fc.constantFrom(...PROTOTYPE_KEYS) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 10 }) },
    { weight: 1, arbitrary: fc.constantFrom('', 'a[b]', 'a.b', '__proto__[x]', 'constructor[prototype][x]') },
  );
}

/** Every byte but the unreserved ones as %XX of its UTF-8 (a lone surrogate becomes U+FFFD). */
export function percentEncode(s: string): string {
  return [...Buffer.from(s, 'utf8')].map((b) => (/[A-Za-z0-9\-._~]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`)).join('');
}

function wireOf(value: HostileValue): string {
  if (value.kind === 'wire') return value.wire;
  if (value.kind === 'text') return percentEncode(value.text);
  return percentEncode(JSON.stringify(value.json) ?? '');
}

function jsonOf(value: HostileValue): unknown {
  if (value.kind === 'json') return value.json;
  return value.kind === 'text' ? value.text : value.wire;
}

/** `a=1&a=2&…` in the order given, duplicates kept. */
export function formText(pairs: readonly HostilePair[]): string {
  return pairs.map(([name, value]) => `${percentEncode(name)}=${wireOf(value)}`).join('&');
}

/** A JSON object written by hand so that duplicate and `__proto__` keys reach the parser as sent. */
export function jsonText(pairs: readonly HostilePair[]): string {
  return `{${pairs.map(([name, value]) => `${JSON.stringify(name)}:${JSON.stringify(jsonOf(value)) ?? 'null'}`).join(',')}}`;
}

const FORM = 'application/x-www-form-urlencoded';
const JSON_TYPE = 'application/json';

/**
 * A request line is ASCII (RFC 9112): Node's parser refuses a raw byte above 0x7F before any route sees it (the
 * edge answers 400 with the 000006 envelope, S14, client-error.spec.ts), so in the query such a byte travels
 * percent-encoded — still not UTF-8 (`%E9`, `%C3(`) — to reach the operations.
 */
function asciiOnly(wire: string): string {
  return wire.replace(/[\u0080-\u00ff]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Places the pairs as the placement says; the query string keeps `prefix` (e.g. `service=…`) first. */
export function placePairs(method: string, path: string, prefix: string, pairs: readonly HostilePair[], placement: Placement, cut: number): HostileRequest {
  const url = (extra: string) => `${path}?${[prefix, extra].filter(Boolean).join('&')}`;
  const body = (content: string, type?: string): HostileRequest => ({ method, path: url(''), headers: type ? { 'content-type': type } : {}, body: Buffer.from(content, 'latin1') });
  const utf8 = (content: string) => Buffer.from(content, 'utf8').toString('latin1');
  switch (placement) {
    case 'query':
      return { method, path: url(asciiOnly(formText(pairs))), headers: {} };
    case 'form':
      return body(formText(pairs), FORM);
    case 'json':
      return body(utf8(jsonText(pairs)), JSON_TYPE);
    case 'json-as-form':
      return body(utf8(jsonText(pairs)), FORM);
    case 'form-as-json':
      return body(formText(pairs), JSON_TYPE);
    case 'form-as-text':
      return body(formText(pairs), 'text/plain');
    case 'form-untyped':
      return body(formText(pairs));
    case 'json-broken': {
      const whole = utf8(jsonText(pairs));
      return body(whole.slice(0, Math.floor(cut * whole.length)), JSON_TYPE);
    }
    case 'json-not-object':
      return body(['[1,2]', '"text"', '123', 'null', 'true', '[]'][Math.floor(cut * 6) % 6], JSON_TYPE);
  }
}

/** Sends the request byte for byte and reads the whole answer. */
export function sendRaw(baseUrl: string, req: HostileRequest): Promise<RawAnswer> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const headers = { ...req.headers, ...(req.body ? { 'content-length': String(req.body.length) } : {}) };
    // A fresh connection per request: a pooled socket the server closed while idle would look like a hang-up.
    const outgoing = request({ host: url.hostname, port: url.port, method: req.method, path: req.path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, text: body, json: parseObject(body) });
      });
    });
    outgoing.on('error', reject);
    outgoing.end(req.body);
  });
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
