/**
 * The rules of a stream call's credentials (spec 4.5) that need no other service and that the catalogue's
 * parameter types cannot check: `timestamp` is later than server time but not absurdly far ahead,
 * `sessionToken` = MD5(subtoken + timestamp).
 */
import { ErrorCode, PlatformError, STORAGE_LIMITS, type UnixTime } from '@dcp/contracts';
import { sessionToken, verifyMd5Hex } from '@dcp/signing';

/**
 * `timestamp` must be later than server time (spec 8) and at most `maxTimestampAheadSeconds` (24 h) ahead:
 * a sessionToken is then good for at most a day. Compared in milliseconds (a value in seconds counts as
 * its whole second: `now_s + 1` is always accepted). 000006 naming timestamp otherwise.
 */
export function requireFreshTimestamp(ts: UnixTime, nowMs: number): UnixTime {
  if (ts.ms <= nowMs) throw new PlatformError(ErrorCode.FC_INVALID_PARAMETER, `parameter timestamp must be later than server time (it is ${describeOffset(nowMs - ts.ms)} behind)`);
  const maxAheadMs = STORAGE_LIMITS.maxTimestampAheadSeconds * 1000;
  if (ts.ms - nowMs > maxAheadMs) throw new PlatformError(ErrorCode.FC_INVALID_PARAMETER, `parameter timestamp must be at most 24 hours later than server time (it is ${describeOffset(ts.ms - nowMs)} ahead)`);
  return ts;
}

function describeOffset(ms: number): string {
  return ms >= 1000 ? `${Math.floor(ms / 1000)} s` : `${ms} ms`;
}

/** sessionToken = MD5(subtoken + timestamp as sent), hex in either letter case, compared in constant time. */
export function sessionTokenMatches(subtoken: string, timestamp: string, sent: string): boolean {
  return verifyMd5Hex(sessionToken(subtoken, timestamp), sent);
}
