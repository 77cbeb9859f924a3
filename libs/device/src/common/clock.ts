/** The service's notion of "now": the host's clock (RuntimeContext.clock), injectable so time rules can be tested. */
import type { FactoryProvider } from '@nestjs/common';
import { RUNTIME_CONTEXT, type RuntimeContext } from '@dcp/runtime';

export interface Clock {
  now(): Date;
}

export const DEVICE_CLOCK = Symbol('dcp.device.clock');

export const deviceClockProvider: FactoryProvider<Clock> = {
  provide: DEVICE_CLOCK,
  inject: [RUNTIME_CONTEXT],
  useFactory: (ctx: RuntimeContext) => ({ now: () => new Date(ctx.clock.now()) }),
};
