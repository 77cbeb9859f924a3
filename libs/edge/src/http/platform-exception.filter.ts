/**
 * Turns anything thrown on the public surface into the platform's envelope. The gateway and stream answer
 * HTTP 200 with the code in the body (docs/decisions.md); SSO answers 401 on every failure (spec 7.1).
 * Framework errors (malformed body, payload too large) become 000006 / OP0046; unknown errors 000099.
 * A path no route serves answers HTTP 404 with 009999 "no such path: <path>" (decisions S12).
 */
import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import { ErrorCode, PlatformError, errorEnvelope } from '@dcp/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Longest part of an unknown path echoed in failureDetails. */
const MAX_ECHOED_PATH = 200;

/** The refusal of a path no route serves (Nest's router throws a 404 HttpException for it). */
export function noSuchPath(url: string): PlatformError {
  const path = url.split('?')[0];
  return new PlatformError(ErrorCode.FC_SERVICE_NOT_IMPLEMENT, `no such path: ${path.length > MAX_ECHOED_PATH ? `${path.slice(0, MAX_ECHOED_PATH)}…` : path}`);
}

export function toPlatformError(err: unknown, badRequestCode: ErrorCode): PlatformError {
  if (err instanceof PlatformError) return err;
  if (err instanceof HttpException && err.getStatus() < 500) {
    return new PlatformError(badRequestCode, `malformed request: ${err.message}`);
  }
  return PlatformError.from(err);
}

@Catch()
export class PlatformExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('edge');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const req = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    if (exception instanceof HttpException && exception.getStatus() === HttpStatus.NOT_FOUND) {
      void reply.status(HttpStatus.NOT_FOUND).header('x-request-id', req.id).send(errorEnvelope(noSuchPath(req.url)));
      return;
    }
    const sso = req.url.startsWith('/sso/');
    const err = toPlatformError(exception, sso ? ErrorCode.SSO_PARAMETER_INVALID : ErrorCode.FC_INVALID_PARAMETER);
    if (err.code === ErrorCode.FC_SYSTEM_ERROR && !(exception instanceof PlatformError)) {
      this.logger.error(`request ${req.id} failed: ${exception instanceof Error ? exception.stack : String(exception)}`);
    }
    const body = sso ? { ...errorEnvelope(err), ...(req.url.startsWith('/sso/user_callback') ? {} : { expiresIn: 0 }) } : errorEnvelope(err);
    void reply.status(sso ? 401 : 200).header('x-request-id', req.id).send(body);
  }
}
