import { Controller, Get, Header, Inject, UseFilters } from '@nestjs/common';
import { HealthCheck, HealthCheckService, HealthIndicatorService } from '@nestjs/terminus';
import { METRICS_CONTENT_TYPE } from '@dcp/observability';
import { RUNTIME_CONTEXT, type RuntimeContext } from '../host/context';
import { HealthExceptionFilter } from './health-exception.filter';

/**
 * Kubernetes probes: liveness says the process serves HTTP and checks no dependency (a restart would not bring
 * NATS or PostgreSQL back); readiness runs every registered check and answers 503 when one fails (HS1).
 */
@Controller()
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    @Inject(RUNTIME_CONTEXT) private readonly ctx: RuntimeContext,
  ) {}

  @Get('health/live')
  @HealthCheck()
  @UseFilters(HealthExceptionFilter)
  live() {
    return this.health.check([]);
  }

  @Get('health/ready')
  @HealthCheck()
  @UseFilters(HealthExceptionFilter)
  ready() {
    return this.health.check(
      this.ctx.health.entries().map(
        ([name, check]) =>
          () =>
            this.indicators
              .check(name)
              .attempt(async () => {
                await check();
              })
              .withTimeout(3000),
      ),
    );
  }

  @Get('metrics')
  @Header('content-type', METRICS_CONTENT_TYPE)
  metrics(): Promise<string> {
    return this.ctx.metrics.render();
  }
}
