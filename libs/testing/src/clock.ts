/**
 * Real time plus an offset that tests move forward: the platform keeps running on a live clock (timers,
 * network timeouts), while expiry rules can be crossed at once instead of being waited out.
 */
export class ShiftableClock {
  private offsetMs = 0;
  private frozenAtMs: number | undefined;

  /** Epoch milliseconds as the platform sees them. */
  now(): number {
    return this.frozenAtMs ?? Date.now() + this.offsetMs;
  }

  advance(seconds: number): void {
    if (this.frozenAtMs !== undefined) this.frozenAtMs += seconds * 1000;
    else this.offsetMs += seconds * 1000;
  }

  /**
   * Stops the platform's time where it is until `resume` (advance still moves it): for lifetimes of a second,
   * where real milliseconds spent on a loaded machine would otherwise decide the outcome.
   */
  freeze(): void {
    this.frozenAtMs = this.now();
  }

  /** Time flows again from where it stood: it never goes backwards. */
  resume(): void {
    if (this.frozenAtMs === undefined) return;
    this.offsetMs = this.frozenAtMs - Date.now();
    this.frozenAtMs = undefined;
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
