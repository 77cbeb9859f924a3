/** The service's notion of "now" in epoch milliseconds: the host's clock, injectable so tests can move it. */
import type { FactoryProvider } from '@nestjs/common';
import { RUNTIME_CONTEXT, type RuntimeContext } from '@dcp/runtime';

export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
}

export const FIRMWARE_CLOCK = Symbol('dcp.firmware.clock');

/** RuntimeContext.clock, so that the edge, the other services and firmware-service agree on time. */
export const firmwareClockProvider: FactoryProvider<Clock> = {
  provide: FIRMWARE_CLOCK,
  inject: [RUNTIME_CONTEXT],
  useFactory: (ctx: RuntimeContext) => ({ now: () => ctx.clock.now() }),
};
