/**
 * Masking of credentials (credentials.ts names them) in what is logged: URLs, headers, structured values
 * and free text. Values become `[REDACTED]`; names stay.
 */
import { CREDENTIAL_NAMES, REDACTED, isCredentialName } from './credentials';

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
/** Longest first, so that `accessToken` is preferred over `token` where both could match. */
const NAMES = [...CREDENTIAL_NAMES]
  .sort((a, b) => b.length - a.length)
  .map(escapeRe)
  .join('|');

/**
 * One scan before any replacement: is there a credential name followed by a value that is not masked yet, a
 * Bearer token, or a URL with user information? Most lines have none (a request line's URL is masked
 * already), and then nothing else runs. Every pattern below can only match where this one does.
 */
const NEEDS_SCRUB = new RegExp(`(?:${NAMES})\\\\*"?\\s*[=:]\\s*\\\\*["']?(?!\\[REDACTED\\])|bearer\\s+(?!\\[REDACTED\\])|://[^\\s/@]*:[^\\s/@]*@`, 'i');

/** `Bearer <token>` anywhere (Authorization headers quoted in messages). */
const BEARER = /\b(Bearer)\s+(?!\[REDACTED\])[A-Za-z0-9\-._~+/]+=*/gi;
/** `"name": "value"` (and numbers, booleans) in JSON text. */
const JSON_PAIR = new RegExp(`("(?:${NAMES})"\\s*:\\s*)(?:"(?:[^"\\\\]|\\\\.)*"|-?\\d[\\d.eE+-]*|true|false)`, 'gi');
/** `\"name\":\"value\"`: JSON inside a JSON string (a body quoted in a message, once the line is written). */
const ESCAPED_JSON_PAIR = new RegExp(`(\\\\+"(?:${NAMES})\\\\+"\\s*:\\s*\\\\+")(?:(?!\\\\+").)*`, 'gi');
/**
 * `name=value`, `name: value`, `name='value'`: query strings, form bodies, headers quoted in text,
 * util.inspect output. The name must stand alone (`is_valid_token:` is not `token:`); the value ends at
 * white space, a separator, a quote or a bracket; `Bearer`/`Basic` before it stays.
 */
const PAIR = new RegExp(
  `(^|[^A-Za-z0-9_])(${NAMES})(\\s*[=:]\\s*)(\\\\{0,3}["']?)((?:Bearer|Basic)\\s+)?(?!(?:Bearer|Basic)\\s)[^\\s&;,"'\\\\<>()[\\]{}][^\\s&;,"'\\\\<>)\\]}]*`,
  'gi',
);
/** ADMIN_TOKENS' value is a comma-separated list of `name:role:token`: masked whole, up to white space or a quote. */
const TOKEN_LIST = /(^|[^A-Za-z0-9_])(ADMIN_TOKENS|adminTokens)(\s*[=:]\s*)(\\{0,3}["']?)(?!\[REDACTED\])[^\s"'\\]+/gi;
/** `scheme://user:password@host`: the password of a URL's user information (DATABASE_URL, NATS_URL, merchant URLs). */
const USERINFO = /([a-z][a-z0-9+.-]*:\/\/[^\s/?#@"'\\:]*:)(?!\[REDACTED\])[^\s/?#@"'\\]+@/gi;

/**
 * Masks credential values in free text: error messages, stacks, quoted bodies and URLs, and (libs
 * observability logger.ts) every finished log line. Idempotent.
 */
export function scrubText(text: string): string {
  if (!NEEDS_SCRUB.test(text)) return text;
  return text
    .replace(BEARER, `$1 ${REDACTED}`)
    .replace(JSON_PAIR, `$1"${REDACTED}"`)
    .replace(ESCAPED_JSON_PAIR, `$1${REDACTED}`)
    .replace(TOKEN_LIST, `$1$2$3$4${REDACTED}`)
    .replace(PAIR, `$1$2$3$4$5${REDACTED}`)
    .replace(USERINFO, `$1${REDACTED}@`);
}

const ANY_NAME = new RegExp(NAMES, 'i');

function decodeName(raw: string): string {
  if (!raw.includes('%') && !raw.includes('+')) return raw;
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/**
 * A request URL (path and query, or an absolute URL) with the value of every credential parameter
 * masked: `/gateway?service=x&accessToken=[REDACTED]`. Parameter names are compared decoded.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url.replace(USERINFO, `$1${REDACTED}@`);
  if (!ANY_NAME.test(url) && !url.includes('%') && !url.includes('@')) return url;
  const hash = url.indexOf('#', q);
  const query = url.slice(q + 1, hash < 0 ? undefined : hash);
  const masked = query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      return eq >= 0 && isCredentialName(decodeName(name)) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  const head = url.slice(0, q);
  return `${head.replace(USERINFO, `$1${REDACTED}@`)}?${masked}${hash < 0 ? '' : url.slice(hash)}`;
}

/** Request or response headers with credential headers (authorization, cookie, sign, …) masked. */
export function redactHeaders(headers: unknown): unknown {
  if (!headers || typeof headers !== 'object') return headers;
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(headers as Record<string, unknown>)) {
    out[name] = isCredentialName(name) ? REDACTED : typeof value === 'string' ? scrubText(value) : value;
  }
  return out;
}

const MAX_DEPTH = 8;
const MAX_ITEMS = 200;

/**
 * A copy of a structured value (a body, a bus message, query parameters) with every field named as a
 * credential masked at any depth and credentials in its strings scrubbed. Deeper than 8 levels or longer
 * than 200 items is cut.
 */
export function redactValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '[…]';
  if (value instanceof Error) return value;
  if (Buffer.isBuffer(value)) return `[${value.length} bytes]`;
  if (Array.isArray(value)) return value.slice(0, MAX_ITEMS).map((v) => redactValue(v, depth + 1));
  if (value instanceof URLSearchParams) return redactUrl(`?${value.toString()}`).slice(1);
  const out: Record<string, unknown> = {};
  let n = 0;
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (n++ >= MAX_ITEMS) break;
    out[key] = isCredentialName(key) ? REDACTED : redactValue(v, depth + 1);
  }
  return out;
}

/**
 * pino `redact` paths: every credential name as a top-level field (`accessToken`, `["set-cookie"]`, …).
 * Deeper fields are masked by the serializers (body, headers, detail, err, …) and by the last pass over the
 * finished line: wildcard paths (`*.accessToken`) cost 100–200 µs a line in @pinojs/redact, top-level ones
 * nothing measurable (LG3).
 */
export function credentialRedactPaths(): string[] {
  return CREDENTIAL_NAMES.map((name) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : `["${name}"]`));
}
