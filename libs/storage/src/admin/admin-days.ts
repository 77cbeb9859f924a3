/** UTC days as the operator's recording routes write and read them: `YYYY-MM-DD`. */
import { ErrorCode, PlatformError } from '@dcp/contracts';

const DAY_S = 86_400;

/** Day number (days since the epoch, UTC) → `YYYY-MM-DD`. */
export function isoDay(day: number): string {
  return new Date(day * DAY_S * 1000).toISOString().slice(0, 10);
}

/** `YYYY-MM-DD` (already of that shape) → epoch seconds of its midnight UTC; an impossible date names `day`. */
export function dayStart(text: string): number {
  const ms = Date.parse(`${text}T00:00:00Z`);
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== text) {
    throw new PlatformError(ErrorCode.ADMIN_VALIDATION_FAILED, `invalid field day: ${text} is not a date (YYYY-MM-DD, UTC)`);
  }
  return ms / 1000;
}

export const SECONDS_PER_DAY = DAY_S;
