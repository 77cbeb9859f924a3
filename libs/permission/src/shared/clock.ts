/** The service's notion of "now" in epoch milliseconds: the host's clock, injectable so tests can move it. */
import type { FactoryProvider } from '@nestjs/common';
import { RUNTIME_CONTEXT, type RuntimeContext } from '@dcp/runtime';

export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
}

export const PERMISSION_CLOCK = Symbol('dcp.permission.clock');

/** RuntimeContext.clock, so that the edge, the other services and permission-service agree on time. */
export const permissionClockProvider: FactoryProvider<Clock> = {
  provide: PERMISSION_CLOCK,
  inject: [RUNTIME_CONTEXT],
  useFactory: (ctx: RuntimeContext) => ({ now: () => ctx.clock.now() }),
};

export const DAY_MS = 86_400_000;
