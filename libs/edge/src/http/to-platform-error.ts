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
  if (isFastifyClientError(err)) return new PlatformError(badRequestCode, `malformed request: ${err.message}`);
  if (isClientGone(err)) return new PlatformError(badRequestCode, CLIENT_GONE_DETAILS);
  const platformError = PlatformError.from(err);
  if (log && !PlatformError.isSerialized(err)) log.logger.error(`request ${log.requestId} failed: ${err instanceof Error ? err.stack : String(err)}`);
  return platformError;
}

/** Fastify's own refusals of a request (FST_ERR_CTP_* body errors and the like) carry a 4xx statusCode. */
export function isFastifyClientError(err: unknown): err is Error & { statusCode: number } {
  const e = err as { code?: unknown; statusCode?: unknown } | null;
  return err instanceof Error && typeof e?.code === 'string' && e.code.startsWith('FST_') && typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500;
}
