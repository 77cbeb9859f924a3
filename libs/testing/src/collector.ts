/** Waiting on what arrives (events, deliveries, handler calls) without sleeping. */
import { PlatformError } from '@dcp/contracts';
/** Collects what arrives and lets a test await "the n-th item matching p" without sleeping. */
export class Collector<T> {
  readonly items: T[] = [];
  private waiters: Array<{ p: (items: T[]) => boolean; resolve: () => void }> = [];

  push = (item: T): void => {
    this.items.push(item);
    this.waiters = this.waiters.filter((w) => {
      if (!w.p(this.items)) return true;
      w.resolve();
      return false;
    });
  };

  /** Resolves once `p(items)` holds; rejects after timeoutMs with `what` in the message. */
  until(p: (items: T[]) => boolean, what: string, timeoutMs = 10_000): Promise<T[]> {
    if (p(this.items)) return Promise.resolve(this.items);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}; got ${this.items.length} item(s)`)), timeoutMs);
      this.waiters.push({
        p,
        resolve: () => {
          clearTimeout(timer);
          resolve(this.items);
        },
      });
    });
  }
}


/** A promise a test resolves by hand (e.g. to release a handler it keeps hanging). */
export function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((r) => (open = r));
  return { promise, open };
}

/** The error a call rejects with (a PlatformError: its code name, value and details); fails when it resolves. */
export async function rejection(promise: Promise<unknown>): Promise<{ code: string; value: string; failureDetails: string; httpStatus: number }> {
  try {
    await promise;
  } catch (err) {
    return err as { code: string; value: string; failureDetails: string; httpStatus: number };
  }
  throw new Error('expected the call to fail');
}

/** The PlatformError a synchronous call throws (anything else is re-thrown); fails when it returns. */
export function refusal(run: () => unknown): PlatformError {
  try {
    run();
  } catch (err) {
    if (err instanceof PlatformError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}
