/** What a public surface answers for a thrown value. */
import { HttpException, type Logger } from '@nestjs/common';
import { type ErrorCode, PlatformError } from '@dcp/contracts';
import { CLIENT_GONE_DETAILS, isClientGone } from './client-gone';

/**
 * A thrown value as the platform error to answer: framework errors below 500 (malformed body, payload too
 * large) become the surface's parameter error; anything unknown 000099, logged with its stack under the
 * request id (the answer never carries internals).
 */
export function toPlatformError(err: unknown, badRequestCode: ErrorCode, log?: { logger: Logger; requestId: string }): PlatformError {
  if (err instanceof PlatformError) return err;
  if (err instanceof HttpException && err.getStatus() < 500) {
    return new PlatformError(badRequestCode, `malformed request: ${err.message}`);
  }
  if (isClientGone(err)) return new PlatformError(badRequestCode, CLIENT_GONE_DETAILS);
  const platformError = PlatformError.from(err);
  if (log && !PlatformError.isSerialized(err)) log.logger.error(`request ${log.requestId} failed: ${err instanceof Error ? err.stack : String(err)}`);
  return platformError;
}
