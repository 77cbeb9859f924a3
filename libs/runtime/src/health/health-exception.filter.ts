/**
 * Probes answer with terminus's own status and body (HS1): 503 and the failing checks when a dependency is
 * down. Bound to the probe routes so that no host's global filter (the edge answers every error as HTTP 200
 * with an envelope) turns a failed readiness into a 200 that keeps the pod in rotation.
 */
import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus } from '@nestjs/common';
import type { FastifyReply } from 'fastify';

@Catch()
export class HealthExceptionFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    if (exception instanceof HttpException) {
      void reply.status(exception.getStatus()).send(exception.getResponse());
      return;
    }
    const message = exception instanceof Error ? exception.message : String(exception);
    void reply.status(HttpStatus.SERVICE_UNAVAILABLE).send({ status: 'error', error: { health: { status: 'down', message } } });
  }
}
