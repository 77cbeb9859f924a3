/**
 * The last step of a service's start-up (docs/decisions.md SDF2): once its modules are initialised (databases
 * opened, consumers started, handlers registered and held), wait until every readiness check of the process
 * passes — each database answers, the event stream answers — and only then open the request intake. A
 * dependency that is away at start keeps the service out of the request path (readiness 503, liveness 200)
 * instead of letting it take requests it would answer with a timeout.
 */
import type { HealthRegistry } from '../../health/health-registry';

/** The readiness check that passes once the intake is open: the one check start-up does not wait for. */
export const INTAKE_CHECK = 'intake';

export interface IntakeStartup {
  health: HealthRegistry;
  /** Subscribes the held request subjects (Runtime.openIntake). */
  openIntake(): Promise<void>;
  /** Shutdown began: stop waiting and never open. */
  stopping(): boolean;
  /** Told when start-up waits on failing checks (warn, once per distinct set) and when the intake opened (info). */
  logger: { info(message: string): void; warn(message: string): void };
}

export interface WaitOptions {
  /** Time between two rounds of checks while one fails. */
  retryMs?: number;
  /** How long one check may take before it counts as failed (the readiness probe's own bound). */
  checkTimeoutMs?: number;
}

/** Resolves true once the intake is open, false when shutdown began first. */
export async function openIntakeWhenReady(startup: IntakeStartup, opts: WaitOptions = {}): Promise<boolean> {
  const retryMs = opts.retryMs ?? 500;
  const checkTimeoutMs = opts.checkTimeoutMs ?? 3_000;
  let reported = '';
  while (!startup.stopping()) {
    const failing = await failingChecks(startup.health, checkTimeoutMs);
    if (failing.length === 0) break;
    const names = failing.join(', ');
    if (names !== reported) startup.logger.warn(`not taking requests yet: waiting for ${names}`);
    reported = names;
    await new Promise((resolve) => setTimeout(resolve, retryMs));
  }
  if (startup.stopping()) return false;
  await startup.openIntake();
  startup.logger.info('taking requests: every readiness check passed, request subjects subscribed');
  return true;
}

async function failingChecks(health: HealthRegistry, timeoutMs: number): Promise<string[]> {
  const checks = health.entries().filter(([name]) => name !== INTAKE_CHECK);
  const results = await Promise.all(checks.map(([name, check]) => withTimeout(check(), timeoutMs).then(() => undefined, (err: unknown) => `${name} (${err instanceof Error ? err.message : String(err)})`)));
  return results.filter((r): r is string => r !== undefined);
}

async function withTimeout(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([work, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}
