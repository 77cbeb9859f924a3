/**
 * Admin API errors: JSON `{ errorCode, failureDetails }` with the HTTP status of the code's catalogue entry
 * (401 bad token, 403 read-only token, 400 validation — also a body over its limit —, 404 unknown, 409 conflict,
 * 500 otherwise). A changing call refused before it was forwarded is recorded in the audit log before the
 * refusal reaches the client (admin-audit.ts).
 */
import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { ErrorCode, PlatformError, errorEnvelope } from '@dcp/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { bodyLimitFor, bodyTooLarge } from '../http/body-limits';
import { CLIENT_GONE_DETAILS, isClientGone } from '../http/client-gone';
import { isFastifyClientError } from '../http/to-platform-error';
import { AdminAudit } from './admin-audit';

@Catch()
export class AdminExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('admin');

  constructor(private readonly audit: AdminAudit) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const req = host.switchToHttp().getRequest<FastifyRequest>();
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    let err: PlatformError;
    if (exception instanceof PlatformError) err = exception;
    else if (exception instanceof HttpException && exception.getStatus() === 404) err = new PlatformError(ErrorCode.ADMIN_NOT_FOUND, `no route ${req.method} ${req.url}`);
    else if (exception instanceof HttpException && exception.getStatus() === 413) err = bodyTooLarge(bodyLimitFor(req.headers['content-type']));
    else if (exception instanceof HttpException && exception.getStatus() < 500) err = new PlatformError(ErrorCode.ADMIN_VALIDATION_FAILED, exception.message);
    // The body parser's refusals (not JSON, empty, a __proto__ key) are the caller's, not the platform's.
    else if (isFastifyClientError(exception)) err = new PlatformError(ErrorCode.ADMIN_VALIDATION_FAILED, `invalid field body: ${exception.message}`);
    else if (isClientGone(exception)) err = new PlatformError(ErrorCode.ADMIN_VALIDATION_FAILED, CLIENT_GONE_DETAILS);
    else {
      err = PlatformError.from(exception);
      if (!(exception instanceof PlatformError)) this.logger.error(`request ${req.id} failed: ${exception instanceof Error ? exception.stack : String(exception)}`);
    }
    this.audit.recordRefusal(req, err);
    void reply.status(err.httpStatus).header('x-request-id', req.id).send(errorEnvelope(err));
  }
}
