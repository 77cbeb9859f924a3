/**
 * Turns anything thrown on the public surface into the platform's envelope. The gateway and stream answer
 * HTTP 200 with the code in the body (docs/decisions.md); SSO answers 401 on every failure (spec 7.1).
 * Framework errors (malformed body, payload too large) become 000006 / OP0046; unknown errors 000099.
 */
import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { ErrorCode, PlatformError, errorEnvelope } from '@dcp/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

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
    const sso = req.url.startsWith('/sso/');
    const err = toPlatformError(exception, sso ? ErrorCode.SSO_PARAMETER_INVALID : ErrorCode.FC_INVALID_PARAMETER);
    if (err.code === ErrorCode.FC_SYSTEM_ERROR && !(exception instanceof PlatformError)) {
      this.logger.error(`request ${req.id} failed: ${exception instanceof Error ? exception.stack : String(exception)}`);
    }
    const body = sso ? { ...errorEnvelope(err), ...(req.url.startsWith('/sso/user_callback') ? {} : { expiresIn: 0 }) } : errorEnvelope(err);
    void reply.status(sso ? 401 : 200).header('x-request-id', req.id).send(body);
  }
}
