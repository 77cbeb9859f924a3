/**
 * Gateway and stream answers: HTTP 200 with the code in the envelope (docs/decisions.md). Framework errors
 * (malformed body, payload too large) become 000006, unknown errors 000099. The public port's global filter
 * answers with it what reaches no handler on /gateway and /stream (gateway-routes.ts answers its own errors
 * the same way) and what happens outside any surface (health, metrics, the API document).
 */
import { type ArgumentsHost, Catch, type ExceptionFilter, Logger } from '@nestjs/common';
import { ErrorCode, errorEnvelope } from '@dcp/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { toPlatformError } from '../http/to-platform-error';

@Catch()
export class GatewayExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('edge');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const req = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const err = toPlatformError(exception, ErrorCode.FC_INVALID_PARAMETER, { logger: this.logger, requestId: String(req.id) });
    void reply.status(200).header('x-request-id', req.id).send(errorEnvelope(err));
  }
}
