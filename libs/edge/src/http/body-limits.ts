/** Request body limits of the edge's HTTP servers. */
import { ErrorCode, PlatformError, STORAGE_LIMITS } from '@dcp/contracts';

/** JSON and form bodies (gateway, SSO, admin API). */
export const JSON_BODY_LIMIT = 256 * 1024;

/** Raw bodies by media type (admin API): recording segments. */
export const RAW_BODY_LIMITS: Readonly<Record<string, number>> = { 'video/mp2t': STORAGE_LIMITS.maxSegmentBytes };

/** The limit that applies to a request of this Content-Type. */
export function bodyLimitFor(contentType: string | undefined): number {
  const type = String(contentType ?? '').split(';')[0].trim().toLowerCase();
  return RAW_BODY_LIMITS[type] ?? JSON_BODY_LIMIT;
}

/** An admin body over its limit: ADMIN_VALIDATION_FAILED (HTTP 400) naming the limit. */
export function bodyTooLarge(maxBytes: number): PlatformError {
  return new PlatformError(ErrorCode.ADMIN_VALIDATION_FAILED, `invalid field body: larger than the limit of ${maxBytes} bytes`);
}
