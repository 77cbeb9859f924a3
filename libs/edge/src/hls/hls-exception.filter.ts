/**
 * HLS playback refusals: storage-service owns every answer and states the HTTP status in the error (403 for
 * an unsigned, tampered or expired URL, 404 for recordings that are gone); otherwise 400 for a parameter
 * error, 503 for anything else. A small JSON envelope, never cached. Bound to HlsController.
 */
import { type ArgumentsHost, Catch, type ExceptionFilter } from '@nestjs/common';
import { ErrorCode, PlatformError, errorEnvelope } from '@dcp/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

@Catch()
export class HlsExceptionFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const req = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const err = PlatformError.from(exception);
    const status = typeof err.extra?.httpStatus === 'number' ? err.extra.httpStatus : err.code === ErrorCode.FC_INVALID_PARAMETER ? 400 : 503;
    const { errorCode, failureDetails } = errorEnvelope(err);
    void reply
      .status(status)
      .header('x-request-id', req.id)
      .header('content-type', 'application/json; charset=utf-8')
      .header('cache-control', 'no-store')
      .send({ errorCode, failureDetails });
  }
}
