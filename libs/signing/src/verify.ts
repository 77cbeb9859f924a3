/**
 * Receiver side of spec 5.1: headers present, clock skew at most 15 s in either direction, signature equal
 * (constant time) under one of the merchant's secrets — the current one, or the previous one while a
 * rotation's grace period runs.
 */
import { MAX_CLOCK_SKEW_SECONDS, type ParamValue, hexEquals, sign } from './signing';

/** Request headers as Node, Fastify and fetch's `Object.fromEntries(headers)` give them: names in any case. */
export type HttpHeaders = Readonly<Record<string, string | readonly string[] | undefined>>;

/** The four signature headers of spec 5.1, read out of a request. */
export interface SignatureHeaders {
  clientTime?: string;
  version?: string;
  clientId?: string;
  sign?: string;
}

/** Header names as spec 5.1 spells them (HTTP itself ignores the case). */
export type HeaderName = 'x-client-time' | 'x-version' | 'x-client-Id' | 'sign';

export type VerifyResult =
  | { ok: true; secretIndex: number }
  | { ok: false; reason: 'missing-header'; header: HeaderName }
  | { ok: false; reason: 'time-skew'; skewSeconds: number | null }
  | { ok: false; reason: 'mismatch' };

/**
 * Reads the signature headers from a headers object. HTTP header names are case-insensitive (Node lower-cases
 * them, so `x-client-Id` arrives as `x-client-id`); every name is lower-cased here before the lookup, so any
 * case works. A repeated header (array value) counts by its first value.
 */
export function readSignatureHeaders(headers: HttpHeaders): SignatureHeaders {
  const lower: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(headers)) {
    const key = name.toLowerCase();
    // Keep the first occurrence when the object itself holds the same name in two cases.
    if (lower[key] === undefined) lower[key] = typeof value === 'string' ? value : value?.[0];
  }
  return { clientTime: lower['x-client-time'], version: lower['x-version'], clientId: lower['x-client-id'], sign: lower['sign'] };
}

function isSignatureHeaders(headers: HttpHeaders | SignatureHeaders): headers is SignatureHeaders {
  return Object.hasOwn(headers, 'clientTime') || Object.hasOwn(headers, 'clientId');
}

/** Which required header is missing or empty, in the order of spec 5.1's table. */
export function missingHeader(h: SignatureHeaders): HeaderName | undefined {
  if (!h.clientTime) return 'x-client-time';
  if (!h.version) return 'x-version';
  if (!h.clientId) return 'x-client-Id';
  if (!h.sign) return 'sign';
  return undefined;
}

export interface VerifyInput {
  method: string;
  /** The request path without the query string, e.g. `/sso/user_callback`. */
  path: string;
  /** The request parameters after decoding (form body for POST, query for GET). */
  params: Record<string, ParamValue>;
  /**
   * The request's headers, names in any case — or the result of readSignatureHeaders (recognised by its
   * camelCase `clientTime`/`clientId` keys, which never occur in a Node or fetch headers object).
   */
  headers: HttpHeaders | SignatureHeaders;
  /** Secrets to try, current first (then the previous one during a rotation's grace period). */
  clientSecrets: readonly string[];
  /** Receiver's clock, epoch milliseconds (default: Date.now()). */
  now?: number;
  maxSkewSeconds?: number;
}

/**
 * Verifies a signed request. The client time is compared in whole seconds with the receiver's clock
 * (floor(now / 1000)); a client time that is not a plain decimal number counts as skew. The `x-version` value is
 * not part of the signature and is not judged here: the caller decides which versions it serves.
 */
export function verifySignature(input: VerifyInput): VerifyResult {
  const headers = isSignatureHeaders(input.headers) ? input.headers : readSignatureHeaders(input.headers);
  const missing = missingHeader(headers);
  if (missing) return { ok: false, reason: 'missing-header', header: missing };
  const clientTime = headers.clientTime as string;
  if (!/^\d{1,12}$/.test(clientTime)) return { ok: false, reason: 'time-skew', skewSeconds: null };
  const skew = Math.floor((input.now ?? Date.now()) / 1000) - Number(clientTime);
  if (Math.abs(skew) > (input.maxSkewSeconds ?? MAX_CLOCK_SKEW_SECONDS)) return { ok: false, reason: 'time-skew', skewSeconds: skew };
  let matched = -1;
  // Every secret is tried (no early exit) so the time taken does not tell which one matched.
  input.clientSecrets.forEach((secret, i) => {
    const expected = sign({ method: input.method, path: input.path, params: input.params, timestamp: clientTime, clientSecret: secret });
    if (hexEquals(expected, headers.sign as string) && matched < 0) matched = i;
  });
  return matched >= 0 ? { ok: true, secretIndex: matched } : { ok: false, reason: 'mismatch' };
}
