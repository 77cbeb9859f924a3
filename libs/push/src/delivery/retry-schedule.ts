/**
 * When a delivery that may succeed later is tried again (decisions PS11): exponential backoff from 2 s, at most
 * 10 minutes, with jitter (a random half to all of the step), so a provider's outage does not end in every
 * replica retrying in step; a provider's Retry-After is honoured as a floor. Pure: `random` is injected.
 */
const FIRST_STEP_MS = 2_000;
const LONGEST_STEP_MS = 10 * 60_000;

export function retryDelayMs(attempts: number, retryAfterMs: number | undefined, random: () => number = Math.random): number {
  const step = Math.min(LONGEST_STEP_MS, FIRST_STEP_MS * 2 ** Math.max(0, attempts - 1));
  const jittered = Math.round(step * (0.5 + random() / 2));
  return retryAfterMs !== undefined ? Math.max(retryAfterMs, Math.round(jittered / 4)) : jittered;
}

export interface RetryLimits {
  maxAttempts: number;
  /** The alarm's acceptance (epoch ms) and the age after which it is not pushed any more. */
  createdAtMs: number;
  maxAgeMs: number;
}

/** The next attempt's time, or undefined when the delivery has no attempt left (a dead letter). */
export function nextAttemptAt(nowMs: number, attempts: number, retryAfterMs: number | undefined, limits: RetryLimits, random?: () => number): number | undefined {
  if (attempts >= limits.maxAttempts) return undefined;
  const at = nowMs + retryDelayMs(attempts, retryAfterMs, random);
  return at > limits.createdAtMs + limits.maxAgeMs ? undefined : at;
}
