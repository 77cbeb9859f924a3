/**
 * Readiness contributors. Service modules register what their readiness depends on (their database,
 * the event stream, …); the host's terminus controller runs every check. One registry per host process.
 */
export type HealthCheck = () => Promise<void>;

export class HealthRegistry {
  private readonly checks = new Map<string, HealthCheck>();

  register(name: string, check: HealthCheck): void {
    this.checks.set(name, check);
  }

  entries(): [string, HealthCheck][] {
    return [...this.checks.entries()];
  }
}
