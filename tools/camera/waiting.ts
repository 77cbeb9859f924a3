/** The camera's waits: abortable sleeps, retry backoff, and a wake-up the uploader waits on for new segments. */
import { setTimeout as delay } from 'node:timers/promises';

/** Resolves after `ms`, or at once when `signal` aborts (the caller then sees `signal.aborted`). */
export async function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (ms <= 0 || signal?.aborted) return;
  await delay(ms, undefined, { signal }).catch(() => undefined);
}

export interface BackoffPolicy {
  baseMs: number;
  capMs: number;
  /** [0, 1); Math.random unless a spec pins it. */
  random: () => number;
}

/** Exponential backoff with full jitter (uniform in [0, min(cap, base·2^attempt))): retrying cameras spread out. */
export function backoffMs(policy: BackoffPolicy, attempt: number): number {
  return policy.random() * Math.min(policy.capMs, policy.baseMs * 2 ** attempt);
}

/** A one-shot notification that re-arms itself: `wait()` resolves at the next `notify()`. */
export class Wakeup {
  private resolveWaiters: (() => void) | undefined;
  private pending: Promise<void> | undefined;

  wait(): Promise<void> {
    this.pending ??= new Promise<void>((resolve) => (this.resolveWaiters = resolve));
    return this.pending;
  }

  notify(): void {
    this.resolveWaiters?.();
    this.resolveWaiters = undefined;
    this.pending = undefined;
  }
}
