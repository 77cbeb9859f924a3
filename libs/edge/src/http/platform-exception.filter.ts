/**
 * The public port's global filter: only what no surface's own filter caught. A path no route serves
 * answers HTTP 404 with 009999 "no such path: <path>" (decisions S12). Errors raised before a route's
 * handler ran (malformed body, payload too large) are answered by the filter of the route's surface
 * (SsoExceptionFilter for /sso/*, GatewayExceptionFilter otherwise: /gateway, /stream, health, metrics,
 * the API document). Each surface's controllers bind their own filter (@UseFilters), so this one never
 * branches on the URL.
 */
import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus } from '@nestjs/common';
import { ErrorCode, PlatformError, errorEnvelope } from '@dcp/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GatewayExceptionFilter } from '../gateway/gateway-exception.filter';
import { SsoExceptionFilter } from '../sso/sso-exception.filter';
import { surfaceOf } from './surface';

/** Longest part of an unknown path echoed in failureDetails. */
const MAX_ECHOED_PATH = 200;

/** The refusal of a path no route serves (Nest's router throws a 404 HttpException for it). */
export function noSuchPath(url: string): PlatformError {
  const path = url.split('?')[0];
  return new PlatformError(ErrorCode.FC_SERVICE_NOT_IMPLEMENT, `no such path: ${path.length > MAX_ECHOED_PATH ? `${path.slice(0, MAX_ECHOED_PATH)}…` : path}`);
}

@Catch()
export class PlatformExceptionFilter implements ExceptionFilter {
  private readonly sso = new SsoExceptionFilter();
  private readonly gateway = new GatewayExceptionFilter();

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const req = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    if (exception instanceof HttpException && exception.getStatus() === HttpStatus.NOT_FOUND) {
      void reply.status(HttpStatus.NOT_FOUND).header('x-request-id', req.id).send(errorEnvelope(noSuchPath(req.url)));
      return;
    }
    (surfaceOf(req) === 'sso' ? this.sso : this.gateway).catch(exception, host);
  }
}
