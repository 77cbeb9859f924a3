/**
 * SSO answers (spec 7.1): HTTP 401 on every failure with the envelope; authorize_by_token and
 * refresh_token add `expiresIn: 0`, user_callback does not. Framework errors (malformed body, payload too
 * large) become OP0046, unknown errors 000099. Bound to SsoController.
 */
import { type ArgumentsHost, Catch, type ExceptionFilter, Logger } from '@nestjs/common';
import { ErrorCode, type PlatformError, errorEnvelope } from '@dcp/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { toPlatformError } from '../http/to-platform-error';

/** The body of an SSO refusal: the envelope, plus `expiresIn: 0` but on user_callback. */
export function ssoErrorBody(err: PlatformError, operation: unknown): Record<string, unknown> {
  return { ...errorEnvelope(err), ...(operation === 'user_callback' ? {} : { expiresIn: 0 }) };
}

@Catch()
export class SsoExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('edge');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const req = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const err = toPlatformError(exception, ErrorCode.SSO_PARAMETER_INVALID, { logger: this.logger, requestId: String(req.id) });
    const operation = (req.params as { operation?: unknown } | undefined)?.operation;
    void reply.status(401).header('x-request-id', req.id).send(ssoErrorBody(err, operation));
  }
}
