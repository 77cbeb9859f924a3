import { EventEmitter } from 'node:events';
import { exitOnSignals } from './exit-on-signals';
import { ShutdownCoordinator } from './shutdown-coordinator';

function harness(timeoutMs = 60_000) {
  const shutdown = new ShutdownCoordinator();
  const source = new EventEmitter();
  const logger = { log: jest.fn(), error: jest.fn() };
  let exited!: (code: number) => void;
  const exitCode = new Promise<number>((resolve) => (exited = resolve));
  exitOnSignals(shutdown, { timeoutMs, logger, exit: exited, source });
  return { shutdown, source, logger, exitCode };
}

describe('exitOnSignals', () => {
  it('SIGTERM runs the ordered shutdown and exits 0 once every step finished', async () => {
    const { shutdown, source, exitCode } = harness();
    const closed = jest.fn(async () => undefined);
    shutdown.register('bus', 'nats', closed);
    source.emit('SIGTERM');
    await expect(exitCode).resolves.toBe(0);
    expect(closed).toHaveBeenCalledTimes(1);
  });

  it('SIGINT does the same', async () => {
    const { source, exitCode } = harness();
    source.emit('SIGINT');
    await expect(exitCode).resolves.toBe(0);
  });

  it('exits 1 when a step failed', async () => {
    const { shutdown, source, exitCode } = harness();
    shutdown.register('databases', 'sso database', async () => {
      throw new Error('boom');
    });
    source.emit('SIGTERM');
    await expect(exitCode).resolves.toBe(1);
  });

  it('exits 1 with a log line naming SHUTDOWN_TIMEOUT_MS when a step never finishes', async () => {
    const { shutdown, source, logger, exitCode } = harness(20);
    shutdown.register('http', 'stuck listener', () => new Promise<void>(() => undefined));
    source.emit('SIGTERM');
    await expect(exitCode).resolves.toBe(1);
    expect(logger.error).toHaveBeenCalledWith(expect.stringContaining('SHUTDOWN_TIMEOUT_MS=20'));
  });

  it('a second signal during shutdown starts nothing new', async () => {
    const { shutdown, source, exitCode } = harness();
    let release!: () => void;
    const step = jest.fn(() => new Promise<void>((resolve) => (release = resolve)));
    shutdown.register('http', 'listener', step);
    source.emit('SIGTERM');
    source.emit('SIGTERM');
    release();
    await expect(exitCode).resolves.toBe(0);
    expect(step).toHaveBeenCalledTimes(1);
  });
});
