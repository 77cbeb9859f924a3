/**
 * Gateway and stream answers: HTTP 200 with the code in the envelope (docs/decisions.md). Framework errors
 * (malformed body, payload too large) become 000006, unknown errors 000099. The public port's global filter
 * answers with it what reaches no handler on /gateway and /stream (gateway-routes.ts answers its own errors
 * the same way) and what happens outside any surface (health, metrics, the API document).
 */
import { type ArgumentsHost, Catch, type ExceptionFilter, Logger } from '@nestjs/common';
import { type Envelope, ErrorCode, errorEnvelope } from '@dcp/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { toPlatformError } from '../http/to-platform-error';

const logger = new Logger('edge');

/** The envelope answering `err` on the gateway surface (unknown errors logged under the request id). */
export function gatewayErrorEnvelope(err: unknown, req: FastifyRequest): Envelope {
  return errorEnvelope(toPlatformError(err, ErrorCode.FC_INVALID_PARAMETER, { logger, requestId: String(req.id) }));
}

@Catch()
export class GatewayExceptionFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const req = http.getRequest<FastifyRequest>();
    void http.getResponse<FastifyReply>().status(200).header('x-request-id', req.id).send(gatewayErrorEnvelope(exception, req));
  }
}
