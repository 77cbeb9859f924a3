/** What a public surface answers for a thrown value. */
import { HttpException } from '@nestjs/common';
import { type ErrorCode, PlatformError } from '@dcp/contracts';

/**
 * A thrown value as the platform error to answer: framework errors below 500 (malformed body, payload too
 * large) become the surface's parameter error; anything unknown 000099.
 */
export function toPlatformError(err: unknown, badRequestCode: ErrorCode): PlatformError {
  if (err instanceof PlatformError) return err;
  if (err instanceof HttpException && err.getStatus() < 500) {
    return new PlatformError(badRequestCode, `malformed request: ${err.message}`);
  }
  return PlatformError.from(err);
}
