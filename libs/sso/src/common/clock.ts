/** The service's notion of "now": injectable so that expiry and clock-skew rules can be tested. */
import type { FactoryProvider } from '@nestjs/common';
import { RUNTIME_CONTEXT, type RuntimeContext } from '@dcp/runtime';

export interface Clock {
  now(): Date;
}

export const SSO_CLOCK = Symbol('dcp.sso.clock');

/** The host's clock (RuntimeContext.clock), so that sso-service and the edge's token cache agree on time. */
export const ssoClockProvider: FactoryProvider<Clock> = {
  provide: SSO_CLOCK,
  inject: [RUNTIME_CONTEXT],
  useFactory: (ctx: RuntimeContext) => ({ now: () => new Date(ctx.clock.now()) }),
};
