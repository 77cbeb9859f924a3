/**
 * The rules of user_ipc_setting_v2_0.delOemDeviceForce (spec 4.4) that need no database: the timeStamp's
 * unit and window, and sign = MD5(mac + timeStamp + delKey) over the parameters exactly as sent.
 */
import { unbindSign, verifyMd5Hex } from '@dcp/signing';

/** A force-unbind request is accepted while its timeStamp is at most this far from server time, either way. */
export const FORCE_UNBIND_WINDOW_SECONDS = 300;

/**
 * A used sign is kept this long after its timeStamp: past the window, the timeStamp check refuses it anyway;
 * the extra minute covers replicas whose clocks differ slightly.
 */
export const USED_SIGN_RETENTION_SECONDS = FORCE_UNBIND_WINDOW_SECONDS + 60;

export interface ParsedTimeStamp {
  /** The value in its own unit. */
  value: number;
  unit: 's' | 'ms';
}

/**
 * Unix time as decimal digits: 13 digits or more are milliseconds, fewer are seconds (10 digits today).
 * Undefined when it is not a plain decimal number.
 */
export function parseTimeStamp(raw: string): ParsedTimeStamp | undefined {
  if (!/^\d{1,20}$/.test(raw)) return undefined;
  return { value: Number(raw), unit: raw.length >= 13 ? 'ms' : 's' };
}

/** timeStamp minus server time, in seconds (whole seconds against floor(now) for a timeStamp in seconds). */
export function skewSeconds(ts: ParsedTimeStamp, nowMs: number): number {
  return ts.unit === 's' ? ts.value - Math.floor(nowMs / 1000) : (ts.value - nowMs) / 1000;
}

export function insideWindow(ts: ParsedTimeStamp, nowMs: number): boolean {
  return Math.abs(skewSeconds(ts, nowMs)) <= FORCE_UNBIND_WINDOW_SECONDS;
}

/** Epoch ms of the timeStamp. */
export function timeStampMs(ts: ParsedTimeStamp): number {
  return ts.unit === 's' ? ts.value * 1000 : ts.value;
}

/** Until when a sign of this timeStamp must be remembered as used. */
export function usedSignExpiry(ts: ParsedTimeStamp): Date {
  return new Date(timeStampMs(ts) + USED_SIGN_RETENTION_SECONDS * 1000);
}

/** MD5(mac + timeStamp + delKey) as hex in either letter case, compared in constant time. */
export function signMatches(params: { mac: string; timeStamp: string; sign: string }, delKey: string): boolean {
  return verifyMd5Hex(unbindSign(params.mac, params.timeStamp, delKey), params.sign);
}
