/**
 * `{base_url}/gateway?service=…` and `{store_url}/stream?service=…`: every operation goes through the
 * dispatcher; the reply is the envelope of spec 2.1 with the operation's data and extra top-level fields.
 */
import { All, Controller, HttpCode, Query, Req, UseFilters } from '@nestjs/common';
import { type Envelope, type Surface, successEnvelope } from '@dcp/contracts';
import type { FastifyRequest } from 'fastify';
import { collectParams } from '../http/collect-params';
import { OnSurface } from '../http/surface';
import { GatewayExceptionFilter } from './gateway-exception.filter';
import { GatewayDispatcher } from './gateway-dispatcher';

@Controller()
@UseFilters(GatewayExceptionFilter)
export class GatewayController {
  constructor(private readonly dispatcher: GatewayDispatcher) {}

  @All('gateway')
  @OnSurface('gateway')
  @HttpCode(200)
  gateway(@Req() req: FastifyRequest, @Query('service') service: unknown): Promise<Envelope> {
    return this.call('gateway', req, service);
  }

  @All('stream')
  @OnSurface('gateway')
  @HttpCode(200)
  stream(@Req() req: FastifyRequest, @Query('service') service: unknown): Promise<Envelope> {
    return this.call('stream', req, service);
  }

  private async call(surface: Surface, req: FastifyRequest, service: unknown): Promise<Envelope> {
    const params = collectParams(req.query as Record<string, unknown>, req.method === 'POST' ? req.body : undefined);
    delete params.service;
    const result = await this.dispatcher.dispatch({
      surface,
      method: req.method,
      service: typeof service === 'string' ? service : undefined,
      params,
      requestId: String(req.id),
    });
    return successEnvelope(result.data, result.extra ?? {});
  }
}
