/** The service's notion of "now": injectable so that expiry and clock-skew rules can be tested. */
export interface Clock {
  now(): Date;
}

export const SSO_CLOCK = Symbol('dcp.sso.clock');

export const systemClock: Clock = { now: () => new Date() };
