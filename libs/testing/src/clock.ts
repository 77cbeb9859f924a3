/**
 * Real time plus an offset that tests move forward: the platform keeps running on a live clock (timers,
 * network timeouts), while expiry rules can be crossed at once instead of being waited out.
 */
export class ShiftableClock {
  private offsetMs = 0;

  /** Epoch milliseconds as the platform sees them. */
  now(): number {
    return Date.now() + this.offsetMs;
  }

  advance(seconds: number): void {
    this.offsetMs += seconds * 1000;
  }
}

/** A clock standing still at `ms` until a test moves it: for unit specs of time rules. */
export class ManualClock {
  constructor(private ms: number) {}

  now(): number {
    return this.ms;
  }

  advance(seconds: number): void {
    this.ms += seconds * 1000;
  }
}
