/**
 * The reference merchant's push server (what a brand runs behind the platform's webhook provider, decisions
 * PS10): what it received, deduplicated by `deliveryId` as the platform asks merchants to, and what it answers —
 * 200, or for a recipient it forgot 410 (the platform removes the endpoint), or during an outage the status
 * set (503 with Retry-After, say). Tests and the demo wait on arrivals; nothing polls.
 */

export interface ReceivedPush {
  deliveryId: string;
  /** The form as received (decoded). */
  params: Record<string, string>;
  /** Whether the spec 5.1 signature matched the merchant's secret (false when no secret is configured). */
  verified: boolean;
  /** How many times this delivery arrived (a retry after a lost answer arrives again). */
  arrivals: number;
  receivedAt: number;
}

export interface PushOutage {
  status: number;
  retryAfterSeconds?: number;
}

export class PushInbox {
  private readonly byDelivery = new Map<string, ReceivedPush>();
  private readonly forgotten = new Set<string>();
  private readonly listeners = new Set<() => void>();
  private outage: PushOutage | null = null;
  /** Requests answered, whatever the answer (outage refusals included). */
  requests = 0;

  constructor(private readonly now: () => number) {}

  /** Every push received, first arrival order. */
  received(): ReceivedPush[] {
    return [...this.byDelivery.values()];
  }

  /** Answers the next requests with `outage` (null: back to normal). */
  setOutage(outage: PushOutage | null): void {
    this.outage = outage;
  }

  /** The recipient is unknown from now on: its pushes are answered 410. */
  forget(token: string): void {
    this.forgotten.add(token);
  }

  /** What the push server answers a push (status and headers); records it when accepted. */
  take(params: Record<string, string>, verified: boolean): { status: number; headers: Record<string, string> } {
    this.requests++;
    try {
      if (this.outage) return { status: this.outage.status, headers: this.outage.retryAfterSeconds !== undefined ? { 'retry-after': String(this.outage.retryAfterSeconds) } : {} };
      if (this.forgotten.has(params.token ?? '')) return { status: 410, headers: {} };
      const deliveryId = params.deliveryId ?? '';
      const seen = this.byDelivery.get(deliveryId);
      if (seen) seen.arrivals++;
      else this.byDelivery.set(deliveryId, { deliveryId, params, verified, arrivals: 1, receivedAt: this.now() });
      return { status: 200, headers: {} };
    } finally {
      for (const listener of this.listeners) listener();
    }
  }

  /** Resolves with the pushes once `enough(pushes)` holds; rejects after `timeoutMs` naming `what`. */
  waitFor(enough: (pushes: ReceivedPush[]) => boolean, what: string, timeoutMs = 15_000): Promise<ReceivedPush[]> {
    if (enough(this.received())) return Promise.resolve(this.received());
    return new Promise((resolve, reject) => {
      const check = () => {
        if (!enough(this.received())) return;
        done();
        resolve(this.received());
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`timed out waiting for ${what}; the push server has ${this.byDelivery.size} push(es) after ${this.requests} request(s)`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        this.listeners.delete(check);
      };
      this.listeners.add(check);
    });
  }
}
