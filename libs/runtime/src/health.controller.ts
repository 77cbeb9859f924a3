import { Controller, Get, Header, Inject } from '@nestjs/common';
import { HealthCheck, HealthCheckService, HealthIndicatorService } from '@nestjs/terminus';
import { RUNTIME_CONTEXT, type RuntimeContext } from './context';

/** Kubernetes probes: liveness says the process serves HTTP; readiness runs every registered check. */
@Controller()
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    @Inject(RUNTIME_CONTEXT) private readonly ctx: RuntimeContext,
  ) {}

  @Get('health/live')
  @HealthCheck()
  live() {
    return this.health.check([]);
  }

  @Get('health/ready')
  @HealthCheck()
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
  @Header('content-type', 'text/plain; version=0.0.4')
  metrics(): Promise<string> {
    return this.ctx.metrics.render();
  }
}
