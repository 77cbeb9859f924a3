/**
 * The one order in which a process stops (docs/decisions.md HS2), whatever hosts it: a standalone service,
 * the edge or the whole platform. Whoever owns a resource registers how to stop it under its phase; the phases
 * run one after the other, the steps of one phase together:
 *
 * 1. `http`        listeners close; requests already received are answered
 * 2. `intake`      RPC subscriptions drain (received requests are answered) and event consumers stop
 * 3. `outbox`      each outbox relay publishes what is pending once more, then stops
 * 4. `application` Nest apps close (module destroy hooks: each service's ServiceHost stops its jobs, consumer and parts)
 * 5. `databases`   every service database client closes
 * 6. `bus`         the NATS connection drains and closes
 *
 * Readiness fails from the moment shutdown starts (`stopping`), before any phase runs. A step that fails is
 * logged and the later phases still run, so one broken resource does not leave the others open.
 */
export const SHUTDOWN_PHASES = ['http', 'intake', 'outbox', 'application', 'databases', 'bus'] as const;

export type ShutdownPhase = (typeof SHUTDOWN_PHASES)[number];

export interface ShutdownLogger {
  log(message: string): void;
  error(message: string): void;
}

interface ShutdownStep {
  name: string;
  run: () => Promise<void>;
}

export class ShutdownCoordinator {
  private readonly steps = new Map<ShutdownPhase, ShutdownStep[]>(SHUTDOWN_PHASES.map((phase) => [phase, []]));
  private running?: Promise<boolean>;
  private started = false;

  /** True once shutdown has begun (before its first step runs): readiness answers 503 from then on. */
  get stopping(): boolean {
    return this.started;
  }

  register(phase: ShutdownPhase, name: string, run: () => Promise<void>): void {
    this.steps.get(phase)?.push({ name, run });
  }

  /**
   * Runs every phase once (a second call gets the same promise). Resolves true when every step succeeded,
   * false when one failed (it was logged).
   */
  shutdown(logger: ShutdownLogger): Promise<boolean> {
    this.started = true;
    this.running ??= this.runPhases(logger);
    return this.running;
  }

  private async runPhases(logger: ShutdownLogger): Promise<boolean> {
    let clean = true;
    for (const phase of SHUTDOWN_PHASES) {
      const steps = this.steps.get(phase) ?? [];
      const results = await Promise.allSettled(steps.map((step) => step.run()));
      results.forEach((result, i) => {
        if (result.status === 'fulfilled') return;
        clean = false;
        const reason = result.reason instanceof Error ? result.reason.message : String(result.reason);
        logger.error(`shutdown: ${phase} step ${steps[i].name} failed: ${reason}`);
      });
    }
    return clean;
  }
}
