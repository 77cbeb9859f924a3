/**
 * Spec 4.2 and 5.1: the sorted parameter string, the string to sign, and HMAC-SHA256 signatures with the
 * key `clientSecret + timestamp`. Pure functions, used by the platform (verifying merchants, signing its
 * outbound calls) and by clients (the demo, tests, merchants' reference code).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_VERSION = '1.0';
export const MAX_CLOCK_SKEW_SECONDS = 15;

export type ParamValue = string | number | undefined;

/**
 * Parameters sorted by name and joined `name=value` with `&` (spec 4.2).
 * - Order: UTF-16 code units (JavaScript's default sort, and Java's `String.compareTo`/`TreeMap`, which
 *   merchants' servers commonly use). For ASCII names — every name in the spec — this is byte order, so
 *   upper case sorts before lower case (`B` < `a`).
 * - No URL-encoding: names and values are used raw, exactly as the receiver holds them after decoding the
 *   query string or form body. Encoding is a transport detail that differs between clients (`+` or `%20`);
 *   signing the decoded text makes both ends agree whatever encoder the client used.
 * - `undefined` values are left out (the parameter was not sent); empty strings are kept (`name=`), because
 *   an empty parameter is still a parameter on the wire. Numbers are written with `String(n)`.
 */
export function sortedParameterString(params: Record<string, ParamValue>): string {
  return Object.keys(params)
    .filter((k) => params[k] !== undefined)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

/** method \n path \n sortedParams \n timestamp (spec 5.1 step 2). */
export function stringToSign(method: string, path: string, sortedParams: string, timestamp: string | number): string {
  return `${method}\n${path}\n${sortedParams}\n${timestamp}`;
}

export interface SignInput {
  method: string;
  path: string;
  params: Record<string, ParamValue>;
  timestamp: string | number;
  clientSecret: string;
}

/**
 * Lower-case 64-hex HMAC-SHA256 of the string to sign under the key `clientSecret + timestamp`, both encoded
 * as UTF-8. The method is upper-cased (HTTP methods are case-sensitive tokens, but `get` is never meant).
 */
export function sign(input: SignInput): string {
  const text = stringToSign(input.method.toUpperCase(), input.path, sortedParameterString(input.params), input.timestamp);
  return createHmac('sha256', Buffer.from(`${input.clientSecret}${input.timestamp}`, 'utf8')).update(text, 'utf8').digest('hex');
}

export interface SignedHeaders {
  'x-client-time': string;
  'x-version': string;
  'x-client-Id': string;
  sign: string;
  [name: string]: string;
}

/**
 * The four headers of a signed request (spec 5.1), for a client sending one: a merchant's app or server, the
 * platform calling a merchant, tests, the demo. `now` is epoch milliseconds (default Date.now()).
 */
export function signedHeaders(input: { method: string; path: string; params: Record<string, ParamValue>; clientId: string; clientSecret: string; now?: number }): SignedHeaders {
  const timestamp = String(Math.floor((input.now ?? Date.now()) / 1000));
  return {
    'x-client-time': timestamp,
    'x-version': SIGNATURE_VERSION,
    'x-client-Id': input.clientId,
    sign: sign({ method: input.method, path: input.path, params: input.params, timestamp, clientSecret: input.clientSecret }),
  };
}

/** Constant-time comparison of two hex strings, case-insensitive. */
export function hexEquals(expected: string, actual: string): boolean {
  const a = Buffer.from(expected.toLowerCase(), 'utf8');
  const b = Buffer.from(actual.toLowerCase(), 'utf8');
  // Equal lengths are required by timingSafeEqual; comparing against itself keeps the time constant.
  if (a.length !== b.length) {
    timingSafeEqual(a, a);
    return false;
  }
  return timingSafeEqual(a, b);
}
