/**
 * Parameters of the three stream operations, checked before anyone is asked about the device (like the
 * edge's checks, decisions S5): devId → timestamp → recordSt → recordEt → version, each 000006 naming it.
 */
import { ErrorCode, type GatewayCall, PlatformError, STORAGE_LIMITS } from '@dcp/contracts';
import { requireRecordTime } from '../recordings/record-time';
import type { StreamSession } from '../session/session-authenticator';
import { requireDevId, requireTimestamp, requireVersion } from '../session/session-rules';

export function streamSession(call: GatewayCall, nowMs: number): StreamSession {
  const macAddr = requireDevId(call.params);
  const timestamp = requireTimestamp(call.params, nowMs);
  return { macAddr, timestamp, sessionToken: call.params.sessionToken ?? '' };
}

/** record.query: recordSt ≤ recordEt, at most maxQueryRangeSeconds (31 days) apart. */
export function queryRange(call: GatewayCall): { from: number; to: number } {
  const from = requireRecordTime(call.params, 'recordSt');
  const to = requireRecordTime(call.params, 'recordEt');
  if (to < from) throw new PlatformError(ErrorCode.FC_INVALID_PARAMETER, 'parameter recordEt must not be earlier than recordSt');
  if (to - from > STORAGE_LIMITS.maxQueryRangeSeconds) throw new PlatformError(ErrorCode.FC_INVALID_PARAMETER, `parameter recordEt must be at most ${STORAGE_LIMITS.maxQueryRangeSeconds / 86400} days after recordSt`);
  requireVersion(call.params);
  return { from, to };
}

/** record.play: recordSt (whole seconds: a fractional ISO time cannot occur). */
export function playStart(call: GatewayCall): number {
  const from = requireRecordTime(call.params, 'recordSt');
  requireVersion(call.params);
  return Math.floor(from);
}
