/** Counters of device-service on the host's /metrics (Prometheus text). */
import { Inject, Injectable } from '@nestjs/common';
import { RUNTIME_CONTEXT, type RuntimeContext } from '@dcp/runtime';

@Injectable()
export class DeviceMetrics {
  constructor(@Inject(RUNTIME_CONTEXT) private readonly ctx: RuntimeContext) {}

  /** One gateway, RPC or admin operation answered; `outcome` is 'ok' or the error code's value. */
  operation(operation: string, outcome: string): void {
    this.ctx.metrics.increment('dcp_device_operations_total', 'Operations answered by device-service, by outcome', { operation, outcome });
  }
}
