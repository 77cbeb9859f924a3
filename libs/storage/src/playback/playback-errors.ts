/**
 * Playback refusals as the edge answers them on `{store_url}/hls/…`: `000006` with the reason, HTTP 403 for a
 * URL that is unsigned, tampered with or expired, HTTP 404 for recordings that are gone (purged, the device
 * unbound or bound to someone else).
 */
import { ErrorCode, PLAYBACK_HTTP_STATUS, PlatformError } from '@dcp/contracts';
import type { Verdict } from './playback-signer';

const REASONS: Record<Exclude<Verdict, { ok: true }>['reason'], string> = {
  unsigned: 'playback URL is not signed (expires and sig are required)',
  mismatch: 'signature does not match',
  expired: 'playback URL expired',
};

export function denied(reason: keyof typeof REASONS | string): PlatformError {
  const text = reason in REASONS ? REASONS[reason as keyof typeof REASONS] : reason;
  return new PlatformError(ErrorCode.FC_INVALID_PARAMETER, text, { httpStatus: PLAYBACK_HTTP_STATUS.denied });
}

export function gone(details: string): PlatformError {
  return new PlatformError(ErrorCode.FC_INVALID_PARAMETER, details, { httpStatus: PLAYBACK_HTTP_STATUS.gone });
}

export function assertVerified(verdict: Verdict): void {
  if (!verdict.ok) throw denied(verdict.reason);
}
