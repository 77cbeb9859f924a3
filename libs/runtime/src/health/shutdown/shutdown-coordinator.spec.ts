import { ShutdownCoordinator } from './shutdown-coordinator';

const quiet = () => ({ log: jest.fn(), error: jest.fn() });

describe('ShutdownCoordinator', () => {
  it('runs the phases in their fixed order whatever order the steps were registered in', async () => {
    const shutdown = new ShutdownCoordinator();
    const ran: string[] = [];
    const step = (name: string) => async () => void ran.push(name);
    shutdown.register('bus', 'nats', step('bus'));
    shutdown.register('databases', 'sso database', step('databases'));
    shutdown.register('application', 'nest', step('application'));
    shutdown.register('outbox', 'sso outbox', step('outbox'));
    shutdown.register('intake', 'rpc', step('intake'));
    shutdown.register('http', 'listener', step('http'));

    await expect(shutdown.shutdown(quiet())).resolves.toBe(true);
    expect(ran).toEqual(['http', 'intake', 'outbox', 'application', 'databases', 'bus']);
  });

  it('does not start a phase before every step of the previous one has finished', async () => {
    const shutdown = new ShutdownCoordinator();
    let releaseSlowRelay!: () => void;
    const relayStopped = new Promise<void>((resolve) => (releaseSlowRelay = resolve));
    const closedDatabase = jest.fn(async () => undefined);
    shutdown.register('outbox', 'slow relay', () => relayStopped);
    shutdown.register('outbox', 'fast relay', async () => undefined);
    shutdown.register('databases', 'database', closedDatabase);

    const done = shutdown.shutdown(quiet());
    await new Promise((resolve) => setImmediate(resolve));
    expect(closedDatabase).not.toHaveBeenCalled();
    releaseSlowRelay();
    await done;
    expect(closedDatabase).toHaveBeenCalledTimes(1);
  });

  it('is stopping (readiness fails) from the first moment, before any step has finished', async () => {
    const shutdown = new ShutdownCoordinator();
    let seenStopping: boolean | undefined;
    shutdown.register('http', 'listener', async () => {
      seenStopping = shutdown.stopping;
    });
    expect(shutdown.stopping).toBe(false);
    const done = shutdown.shutdown(quiet());
    expect(shutdown.stopping).toBe(true);
    await done;
    expect(seenStopping).toBe(true);
  });

  it('logs a failed step, still runs the later phases and reports the shutdown as unclean', async () => {
    const shutdown = new ShutdownCoordinator();
    const logger = quiet();
    const busClosed = jest.fn(async () => undefined);
    shutdown.register('databases', 'sso database', async () => {
      throw new Error('pool already ended');
    });
    shutdown.register('bus', 'nats', busClosed);

    await expect(shutdown.shutdown(logger)).resolves.toBe(false);
    expect(busClosed).toHaveBeenCalledTimes(1);
    expect(logger.error).toHaveBeenCalledWith('shutdown: databases step sso database failed: pool already ended');
  });

  it('runs the steps once when asked twice (a second signal)', async () => {
    const shutdown = new ShutdownCoordinator();
    const step = jest.fn(async () => undefined);
    shutdown.register('http', 'listener', step);
    await Promise.all([shutdown.shutdown(quiet()), shutdown.shutdown(quiet())]);
    expect(step).toHaveBeenCalledTimes(1);
  });
});
