/**
 * The recent calls to each merchant's endpoints, for operators (the merchant list, the overview): per
 * merchant, one-minute buckets of calls and failures over the last hour, and the last failure's text. In
 * memory, per replica: the answer is what this sso-service replica saw (another replica made other calls; a
 * restart starts empty). Bounded: at most 60 buckets per merchant that called in the hour; a merchant without
 * calls for an hour is forgotten.
 */
import type { MerchantCallHealth } from '@dcp/contracts';

export type BreakerState = MerchantCallHealth['breaker'];

const BUCKET_MS = 60_000;
export const CALL_HEALTH_WINDOW_SECONDS = 3600;
const BUCKETS = CALL_HEALTH_WINDOW_SECONDS / (BUCKET_MS / 1000);

interface Bucket {
  minute: number;
  calls: number;
  failures: number;
}

interface MerchantWindow {
  buckets: Bucket[];
  lastFailureAt?: number;
  lastFailure?: string;
}

export class MerchantCallHealthWindow {
  private readonly merchants = new Map<string, MerchantWindow>();
  private sweptMinute = 0;

  constructor(private readonly nowMs: () => number = Date.now) {}

  /** One call ended: `failure` is its text when it failed (OP0052), undefined when the merchant answered. */
  record(clientId: string, failure?: string): void {
    const now = this.nowMs();
    const minute = Math.floor(now / BUCKET_MS);
    let w = this.merchants.get(clientId);
    if (!w) {
      w = { buckets: [] };
      this.merchants.set(clientId, w);
    }
    let bucket = w.buckets[w.buckets.length - 1];
    if (!bucket || bucket.minute !== minute) {
      bucket = { minute, calls: 0, failures: 0 };
      w.buckets.push(bucket);
      while (w.buckets.length > BUCKETS) w.buckets.shift();
    }
    bucket.calls += 1;
    if (failure !== undefined) {
      bucket.failures += 1;
      w.lastFailureAt = now;
      w.lastFailure = failure.length > 300 ? `${failure.slice(0, 300)}…` : failure;
    }
    this.forgetQuiet(minute);
  }

  /** The merchant's last hour and its breaker. */
  health(clientId: string, breaker: BreakerState): MerchantCallHealth {
    const now = this.nowMs();
    const since = Math.floor(now / BUCKET_MS) - BUCKETS + 1;
    const w = this.merchants.get(clientId);
    let calls = 0;
    let failures = 0;
    for (const b of w?.buckets ?? []) {
      if (b.minute < since) continue;
      calls += b.calls;
      failures += b.failures;
    }
    const recentFailure = w?.lastFailureAt !== undefined && w.lastFailureAt >= since * BUCKET_MS;
    const status = breaker !== 'closed' ? 'broken' : failures > 0 ? 'failing' : 'healthy';
    return {
      status,
      breaker,
      windowSeconds: CALL_HEALTH_WINDOW_SECONDS,
      calls,
      failures,
      lastFailureAt: recentFailure ? new Date(w.lastFailureAt as number).toISOString() : null,
      lastFailure: recentFailure ? (w.lastFailure ?? null) : null,
    };
  }

  /** Merchants with a call in the window. */
  known(): string[] {
    const since = Math.floor(this.nowMs() / BUCKET_MS) - BUCKETS + 1;
    return [...this.merchants].filter(([, w]) => (w.buckets[w.buckets.length - 1]?.minute ?? -Infinity) >= since).map(([clientId]) => clientId);
  }

  /** At most once a minute: drops merchants without a call in the window. */
  private forgetQuiet(minute: number): void {
    if (minute === this.sweptMinute) return;
    this.sweptMinute = minute;
    for (const [clientId, w] of this.merchants) {
      const last = w.buckets[w.buckets.length - 1];
      if (!last || last.minute <= minute - BUCKETS) this.merchants.delete(clientId);
    }
  }
}
