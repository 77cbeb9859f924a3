import { HealthRegistry } from '../../health/health-registry';
import { INTAKE_CHECK, type IntakeStartup, openIntakeWhenReady } from './open-intake-when-ready';

/** A start-up whose steps are recorded in order: checks run, the intake opens, lines are logged. */
function startup(health: HealthRegistry, stopping = () => false) {
  const steps: string[] = [];
  const s: IntakeStartup = {
    health,
    openIntake: async () => void steps.push('open'),
    stopping,
    logger: { info: (m) => void steps.push(`info: ${m}`), warn: (m) => void steps.push(`warn: ${m}`) },
  };
  return { s, steps };
}

const fast = { retryMs: 1, checkTimeoutMs: 50 };

describe('openIntakeWhenReady (SDF2)', () => {
  it('opens only after every readiness check passed, the database after its third try; waiting is logged once', async () => {
    const health = new HealthRegistry();
    const { s, steps } = startup(health);
    let tries = 0;
    health.register('events', async () => void steps.push('events'));
    health.register('database:device', async () => {
      steps.push('database');
      if (++tries < 3) throw new Error('connect ECONNREFUSED');
    });
    // The intake's own check fails until it opens: start-up must not wait for it.
    health.register(INTAKE_CHECK, async () => {
      throw new Error('not subscribed yet');
    });

    await expect(openIntakeWhenReady(s, fast)).resolves.toBe(true);
    expect(steps).toEqual([
      'events',
      'database',
      'warn: not taking requests yet: waiting for database:device (connect ECONNREFUSED)',
      'events',
      'database',
      'events',
      'database',
      'open',
      'info: taking requests: every readiness check passed, request subjects subscribed',
    ]);
  });

  it('a check that does not answer counts as failing and is asked again', async () => {
    const health = new HealthRegistry();
    const { s, steps } = startup(health);
    let tries = 0;
    // The first ping hangs (a database that accepts the connection and says nothing).
    health.register('database:sso', () => (++tries === 1 ? new Promise<void>(() => undefined) : Promise.resolve()));
    await expect(openIntakeWhenReady(s, fast)).resolves.toBe(true);
    expect(steps).toEqual(['warn: not taking requests yet: waiting for database:sso (no answer within 50 ms)', 'open', expect.stringContaining('taking requests')]);
  });

  it('shutdown during the wait: the intake never opens', async () => {
    const health = new HealthRegistry();
    let stopping = false;
    const { s, steps } = startup(health, () => stopping);
    health.register('database:sso', async () => {
      stopping = true;
      throw new Error('down');
    });
    await expect(openIntakeWhenReady(s, fast)).resolves.toBe(false);
    expect(steps).not.toContain('open');
  });
});
