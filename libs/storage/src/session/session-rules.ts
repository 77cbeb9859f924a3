/**
 * The rules of a stream call's credentials (spec 4.5) that need no other service: `devId` is a MAC,
 * `timestamp` is later than server time but not absurdly far ahead, `sessionToken` = MD5(subtoken + timestamp).
 */
import { ErrorCode, PlatformError, STORAGE_LIMITS, normalizeMac } from '@dcp/contracts';
import { sessionToken, verifyMd5Hex } from '@dcp/signing';

/** The canonical MAC of `devId`; 000006 naming devId when it is not a MAC. */
export function requireDevId(params: Record<string, string>): string {
  const mac = normalizeMac(params.devId ?? '');
  if (!mac) throw new PlatformError(ErrorCode.FC_INVALID_PARAMETER, 'parameter devId is not a MAC address (12 hex digits, optionally separated by ":" or "-")');
  return mac;
}

export interface StreamTimestamp {
  /** Exactly as sent: sessionToken is computed over this text. */
  raw: string;
  /** Epoch milliseconds. */
  ms: number;
  unit: 's' | 'ms';
}

/**
 * Unix time as decimal digits: 13 digits or more are milliseconds, fewer are seconds (as the force-unbind
 * timeStamp, decisions D13). Undefined when it is not a plain decimal number.
 */
export function parseStreamTimestamp(raw: string): StreamTimestamp | undefined {
  if (!/^\d{1,20}$/.test(raw)) return undefined;
  const unit = raw.length >= 13 ? 'ms' : 's';
  const value = Number(raw);
  return { raw, ms: unit === 'ms' ? value : value * 1000, unit };
}

/**
 * `timestamp` must be later than server time (spec 8) and at most `maxTimestampAheadSeconds` (24 h) ahead:
 * a sessionToken is then good for at most a day. Compared in milliseconds (a value in seconds counts as
 * its whole second: `now_s + 1` is always accepted). 000006 naming timestamp otherwise.
 */
export function requireTimestamp(params: Record<string, string>, nowMs: number): StreamTimestamp {
  const ts = parseStreamTimestamp(params.timestamp ?? '');
  if (!ts) throw new PlatformError(ErrorCode.FC_INVALID_PARAMETER, 'parameter timestamp must be unix time in seconds or milliseconds');
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

/** `version` (spec 4.5: values not shown): any non-empty text; the edge bounds it to 20 characters. */
export function requireVersion(params: Record<string, string>): string {
  const version = params.version?.trim();
  if (!version) throw new PlatformError(ErrorCode.FC_INVALID_PARAMETER, 'parameter version is required');
  return version;
}
