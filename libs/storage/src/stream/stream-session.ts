/**
 * The credentials every stream call carries (spec 4.5), typed by the catalogue: the device, the timestamp the
 * sessionToken was computed over (checked against server time here, decisions CS2) and the sessionToken.
 */
import type { UnixTime } from '@dcp/contracts';
import type { StreamSession } from '../session/session-authenticator';
import { requireFreshTimestamp } from '../session/session-rules';

export function streamSession(params: { devId: string; timestamp: UnixTime; sessionToken: string }, nowMs: number): StreamSession {
  return { macAddr: params.devId, timestamp: requireFreshTimestamp(params.timestamp, nowMs), sessionToken: params.sessionToken };
}
