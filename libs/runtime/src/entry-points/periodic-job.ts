/**
 * A job the host runs at start and then every `everyMs` (`@Periodic`): one run at a time (a tick that finds the
 * previous run still going is skipped), a failure logged and left to the next tick, and the timer unref'd so it
 * never holds the process open. `stop` clears the timer and waits for the run in progress.
 */
import { Logger } from '@nestjs/common';
import type { PeriodicJobOptions } from './entry-point.decorators';

export class PeriodicJob {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    private readonly options: PeriodicJobOptions,
    private readonly run: () => Promise<unknown>,
    private readonly logger: Logger,
  ) {}

  start(): void {
    this.timer = setInterval(() => this.tick(), this.options.everyMs);
    this.timer.unref();
    this.tick();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  private tick(): void {
    if (this.running) return;
    this.running = this.run()
      .then((result) => {
        const done = describeResult(result);
        if (done) this.logger.debug(`${this.options.name}: ${done}`);
      })
      .catch((err: unknown) => this.logger.warn(`${this.options.name} failed: ${err instanceof Error ? err.message : String(err)}`))
      .finally(() => (this.running = undefined));
  }
}

/** "3 tokens, 1 signatures" for the counts a run answers; nothing when it did nothing. */
function describeResult(result: unknown): string | undefined {
  if (typeof result === 'number') return result > 0 ? `${result} row(s)` : undefined;
  if (!result || typeof result !== 'object') return undefined;
  const counts = Object.entries(result).filter(([, v]) => typeof v === 'number' && v > 0);
  return counts.length > 0 ? counts.map(([k, v]) => `${v as number} ${k}`).join(', ') : undefined;
}
