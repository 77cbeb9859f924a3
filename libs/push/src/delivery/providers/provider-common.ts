/** What the three providers' clients share: answer limits, the reading of Retry-After, key fingerprints, quoting. */
import { createHash } from 'node:crypto';

/** Provider answers are small JSON documents; anything bigger is not one. */
export const MAX_PROVIDER_RESPONSE_BYTES = 64 * 1024;
/** Limit of APNs' apns-collapse-id (FCM passes it on to iOS devices). */
export const MAX_COLLAPSE_ID_BYTES = 64;

/** A `Retry-After` header (seconds or an HTTP date) in milliseconds from now, or undefined when absent or unreadable. */
export function retryAfterMs(header: string | string[] | undefined, nowMs: number = Date.now()): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}

/** Short, stable id of a private key for cache keys: credentials replaced under the same name get a new cache entry. */
export function keyFingerprint(privateKey: string): string {
  return createHash('sha256').update(privateKey).digest('base64url').slice(0, 16);
}

/** Provider text quoted in a reason: one line, bounded. */
export function quote(text: string, max = 200): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max)}…` : line;
}
