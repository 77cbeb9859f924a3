/**
 * Per-merchant protection of calls to merchant endpoints (decisions AB6): a concurrency cap (bulkhead, no
 * queue) and a circuit breaker that opens after consecutive failures. Each merchant has its own pair, so a
 * merchant whose server hangs or fails cannot use up sso-service's sockets or slow other merchants' logins.
 * Refusals come back as UnreachableError at once, which the client answers as OP0052.
 */
import { BrokenCircuitError, BulkheadRejectedError, CircuitState, ConsecutiveBreaker, type CircuitBreakerPolicy, type IPolicy, bulkhead, circuitBreaker, handleType, wrap } from 'cockatiel';
import type { MerchantCallLimits } from '@dcp/runtime';
import { UnreachableError } from '@dcp/runtime';

export type MerchantCallGuardLimits = Pick<MerchantCallLimits, 'maxConcurrent' | 'breakerFailures' | 'breakerResetMs'>;

/** What operators are told: a merchant's breaker opened (with the last failure) or closed again. */
export interface MerchantBreakerEvents {
  opened(clientId: string, lastFailure: string): void;
  closed(clientId: string): void;
}

export class MerchantCallGuard {
  private readonly policies = new Map<string, IPolicy>();
  private readonly breakers = new Map<string, CircuitBreakerPolicy>();

  constructor(
    private readonly limits: MerchantCallGuardLimits,
    private readonly events?: MerchantBreakerEvents,
  ) {}

  /** Runs one call to the merchant `clientId`; only UnreachableError counts as its failure. */
  async run<T>(clientId: string, call: () => Promise<T>): Promise<T> {
    try {
      return await this.policyOf(clientId).execute(() => call());
    } catch (err) {
      if (err instanceof BrokenCircuitError) {
        throw new UnreachableError(`calls paused after ${this.limits.breakerFailures} failures in a row, tried again after ${this.limits.breakerResetMs} ms`);
      }
      if (err instanceof BulkheadRejectedError) throw new UnreachableError(`more than ${this.limits.maxConcurrent} calls to this merchant in progress`);
      throw err;
    }
  }

  /**
   * The merchant's breaker as this replica holds it: `open` while calls are refused at once (also past the
   * reset time until the next call tries), `half-open` during the trial call, else `closed`.
   */
  breakerState(clientId: string): 'closed' | 'open' | 'half-open' {
    const state = this.breakers.get(clientId)?.state;
    if (state === CircuitState.Open || state === CircuitState.Isolated) return 'open';
    if (state === CircuitState.HalfOpen) return 'half-open';
    return 'closed';
  }

  private policyOf(clientId: string): IPolicy {
    let policy = this.policies.get(clientId);
    if (!policy) {
      // A refusal of the user (HTTP 401) is an answer, not a failure: only unreachable/broken answers count.
      const breaker = circuitBreaker(handleType(UnreachableError), {
        halfOpenAfter: this.limits.breakerResetMs,
        breaker: new ConsecutiveBreaker(this.limits.breakerFailures),
      });
      breaker.onBreak((reason) => this.events?.opened(clientId, 'error' in reason ? reason.error.message : 'failed'));
      breaker.onReset(() => this.events?.closed(clientId));
      this.breakers.set(clientId, breaker);
      policy = wrap(bulkhead(this.limits.maxConcurrent, 0), breaker);
      this.policies.set(clientId, policy);
    }
    return policy;
  }
}
