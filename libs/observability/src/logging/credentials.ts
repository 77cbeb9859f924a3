/**
 * The names under which credentials travel: query and form parameters, JSON fields, HTTP headers and
 * environment variables. The one list every redaction reads — the request serializer (query strings),
 * pino's `redact` paths (structured fields), the header serializer and the text scrubber (messages, error
 * text, and the finished line) — so a credential named here is masked wherever it is logged. Matching is
 * case-insensitive (`Authorization`, `SIGN`); structured names are also compared without `_`/`-` and by
 * their ending (isCredentialName).
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
  // Keys of other systems, as a body or a header may name them (SDB7): the text scrubber needs each spelling.
  'apiKey',
  'api_key',
  'api-key',
  'x-api-key',
  'privateKey',
  'private_key',
] as const;

/** What a credential's value is replaced with; the name stays so that lines stay useful. */
export const REDACTED = '[REDACTED]';

/** A name compared: lower case, without `_` and `-` (`API_KEY`, `api-key` and `apiKey` are one name). */
const normalised = (name: string) => name.toLowerCase().replace(/[-_]/g, '');

const NORMALISED = new Set<string>(CREDENTIAL_NAMES.map(normalised));

/**
 * Names that END in one of these are credentials too, whatever comes before: `csrfToken`, `webhook_secret`,
 * `adminPassword`, `X-Api-Key`, `stripeApiKey`, `Proxy-Authorization` (SDB7). Only the end counts:
 * `tokenValidationUrl`, `secretGraceSeconds` and `passwordHint`-like names stay readable; a bare `key` (an
 * object key, a sort key) is not a credential.
 */
const CREDENTIAL_ENDINGS = /(?:token|secret|password|passwd|passphrase|apikey|privatekey|authorization|credentials?)$/;

/**
 * True when `name` (a parameter, field or header name) names a credential, in any letter case and with or
 * without `_`/`-` between its words: one of CREDENTIAL_NAMES, or a name ending like one (CREDENTIAL_ENDINGS).
 */
export function isCredentialName(name: string): boolean {
  const n = normalised(name);
  return NORMALISED.has(n) || CREDENTIAL_ENDINGS.test(n);
}
