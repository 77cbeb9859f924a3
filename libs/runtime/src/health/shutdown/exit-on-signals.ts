/**
 * SIGTERM/SIGINT → the coordinator's ordered shutdown, then exit: 0 when every step finished cleanly, 1 when a
 * step failed or when SHUTDOWN_TIMEOUT_MS passed first (kept below Kubernetes' terminationGracePeriodSeconds,
 * so the process says why it stopped instead of being killed without a word). HS3.
 */
import type { ShutdownCoordinator, ShutdownLogger } from './shutdown-coordinator';

export interface ExitOnSignalsOptions {
  timeoutMs: number;
  logger: ShutdownLogger;
  /** Tests pass a recorder; processes exit. */
  exit?: (code: number) => void;
  signals?: NodeJS.Signals[];
  /** Where the signals come from (tests pass an EventEmitter). */
  source?: Pick<NodeJS.EventEmitter, 'once' | 'on'>;
}

export function exitOnSignals(shutdown: ShutdownCoordinator, opts: ExitOnSignalsOptions): void {
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  const source = opts.source ?? process;
  let started = false;
  const onSignal = (signal: string) => {
    if (started) {
      opts.logger.log(`${signal} received while shutting down; still shutting down`);
      return;
    }
    started = true;
    opts.logger.log(`${signal} received: shutting down (at most ${opts.timeoutMs} ms)`);
    const timer = setTimeout(() => {
      opts.logger.error(`shutdown did not finish within SHUTDOWN_TIMEOUT_MS=${opts.timeoutMs} ms; exiting with what is still open`);
      exit(1);
    }, opts.timeoutMs);
    void shutdown.shutdown(opts.logger).then(
      (clean) => {
        clearTimeout(timer);
        opts.logger.log(clean ? 'shutdown complete' : 'shutdown complete with errors');
        exit(clean ? 0 : 1);
      },
      (err: unknown) => {
        clearTimeout(timer);
        opts.logger.error(`shutdown failed: ${err instanceof Error ? err.message : String(err)}`);
        exit(1);
      },
    );
  };
  for (const signal of opts.signals ?? ['SIGTERM', 'SIGINT']) source.on(signal, () => onSignal(signal));
}
