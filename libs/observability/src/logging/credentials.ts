/**
 * The names under which credentials travel: query and form parameters, JSON fields, HTTP headers and
 * environment variables. The one list every redaction reads — the request serializer (query strings),
 * pino's `redact` paths (structured fields), the header serializer and the text scrubber (messages, error
 * text, and the finished line) — so a credential named here is masked wherever it is logged. Matching is
 * case-insensitive (`Authorization`, `SIGN`).
 */
export const CREDENTIAL_NAMES = [
  // Single sign-on (spec 4.3, 4.4, 5.1): the merchant's login token, the platform's tokens, request signatures.
  'token',
  'accessToken',
  'refreshToken',
  'access_token',
  'refresh_token',
  'sign',
  // Cloud storage (spec 5.2): the stream session token and the secret it is derived from.
  'sessionToken',
  'subtoken',
  // HLS playback URLs (libs/storage/src/playback/playback-signer.ts: `?expires=…&sig=…`).
  'sig',
  // Device passwords (addOemDevice), merchant secrets (admin API), manufacturer delete keys.
  'password',
  'clientSecret',
  'client_secret',
  'secret',
  'delKey',
  // The operator's admin bearer token and the key that encrypts secrets at rest (configuration).
  'adminToken',
  'ADMIN_TOKEN',
  'adminTokens',
  'ADMIN_TOKENS',
  'secretsKey',
  'SECRETS_KEY',
  // HTTP headers that carry credentials.
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
] as const;

/** What a credential's value is replaced with; the name stays so that lines stay useful. */
export const REDACTED = '[REDACTED]';

const LOWER = new Set<string>(CREDENTIAL_NAMES.map((n) => n.toLowerCase()));

/** True when `name` (a parameter, field or header name) names a credential, whatever its letter case. */
export function isCredentialName(name: string): boolean {
  return LOWER.has(name.toLowerCase());
}
