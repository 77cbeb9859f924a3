/**
 * Times in stream parameters (spec 4.5 leaves their format open): `recordSt`/`recordEt` are epoch seconds
 * (decimal digits, as recordList returns them) or the basic ISO form `YYYYMMDDTHHMMSS` read as UTC (as
 * dateList returns days). Both come back as epoch seconds.
 */
import { ErrorCode, PlatformError } from '@dcp/contracts';

const ISO_BASIC = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})$/;

/** Epoch seconds, or undefined when `raw` is in neither accepted form (or not a real date/time). */
export function parseRecordTime(raw: string): number | undefined {
  const value = raw.trim();
  if (/^\d{1,11}$/.test(value)) return Number(value);
  const m = ISO_BASIC.exec(value);
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number);
  const ms = Date.UTC(year, month - 1, day, hour, minute, second);
  const back = new Date(ms);
  // Refuse dates that Date.UTC silently rolls over (20260230, 25:00:00…).
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day || back.getUTCHours() !== hour || back.getUTCMinutes() !== minute || back.getUTCSeconds() !== second) {
    return undefined;
  }
  if (ms < 0) return undefined;
  return ms / 1000;
}

/** Like parseRecordTime, but a missing or malformed value is FC_INVALID_PARAMETER naming the parameter. */
export function requireRecordTime(params: Record<string, string>, name: string): number {
  const raw = params[name];
  const value = raw === undefined || raw === '' ? undefined : parseRecordTime(raw);
  if (value === undefined) {
    throw new PlatformError(ErrorCode.FC_INVALID_PARAMETER, `parameter ${name} must be epoch seconds or YYYYMMDDTHHMMSS (UTC)`);
  }
  return value;
}
