/**
 * A durable consumer over the embedded log: one message at a time, in order, skipping messages that wait
 * for their redelivery time. It sleeps until a new event is appended or the earliest retry falls due.
 */
import type { BusLogger, ConsumerLag, EventConsumerHandle } from '../api';
import { deliver, type DeadLetterSink, type EventHandler, type ResolvedConsumerOptions } from '../delivery';
import { jsonRoundTrip } from '../json';
import type { DurableCursor } from './durable-cursor';
import type { EventLog, LogEntry } from './event-log';

export class InProcessDurableConsumer implements EventConsumerHandle {
  private stopped = false;
  /** Set by an append; checked before sleeping so an event appended meanwhile is never missed. */
  private signalled = false;
  private wake?: () => void;
  private loop?: Promise<void>;
  private detach?: () => void;

  constructor(
    private readonly log: EventLog,
    private readonly cursor: DurableCursor,
    private readonly opts: ResolvedConsumerOptions,
    private readonly handler: EventHandler,
    private readonly onDeadLetter: DeadLetterSink,
    private readonly logger: BusLogger,
    private readonly onStopped: () => void,
  ) {}

  start(): void {
    this.detach = this.log.onAppend(() => this.signal());
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.detach?.();
    this.signal();
    await this.loop;
    await this.cursor.flush();
    this.onStopped();
  }

  /**
   * What the log and the cursor tell: entries of its subjects above the floor not finished, split into never
   * delivered (`pending`) and delivered but not finished (`ackPending`: being handled or waiting for a retry).
   */
  lag(): ConsumerLag {
    const lag: ConsumerLag = { pending: 0, ackPending: 0, redelivered: 0, oldestPendingAgeSeconds: 0 };
    let oldest: number | undefined;
    for (const entry of this.log.after(this.cursor.position)) {
      if (this.cursor.isDone(entry.seq) || !this.opts.subjects.includes(entry.subject)) continue;
      oldest ??= entry.storedAt;
      const deliveries = this.cursor.deliveries(entry.seq);
      if (deliveries === 0) lag.pending++;
      else lag.ackPending++;
      if (deliveries > 1) lag.redelivered++;
    }
    if (oldest !== undefined) lag.oldestPendingAgeSeconds = Math.max(0, (Date.now() - oldest) / 1000);
    return lag;
  }

  private signal(): void {
    this.signalled = true;
    this.wake?.();
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      this.signalled = false;
      try {
        const { entry, skipped, nextRetryAt } = this.next();
        await this.cursor.finish(skipped, this.log.firstSeq);
        if (entry) await this.process(entry);
        else if (!this.signalled && !this.stopped) await this.sleep(nextRetryAt);
      } catch (err) {
        // Only the cursor file can fail here (the handler's errors are handled by deliver): retry shortly.
        this.logger.error(`consumer ${this.opts.durable} could not save its position`, err);
        await this.sleep(Date.now() + 1_000);
      }
    }
  }

  private next(): { entry?: LogEntry; skipped: number[]; nextRetryAt?: number } {
    const skipped: number[] = [];
    let nextRetryAt: number | undefined;
    const now = Date.now();
    for (const entry of this.log.after(this.cursor.position)) {
      if (this.cursor.isDone(entry.seq)) continue;
      if (!this.opts.subjects.includes(entry.subject)) {
        skipped.push(entry.seq);
        continue;
      }
      const retryAt = this.cursor.retryAt(entry.seq);
      if (retryAt > now) {
        nextRetryAt = Math.min(nextRetryAt ?? retryAt, retryAt);
        continue;
      }
      return { entry, skipped, nextRetryAt };
    }
    return { skipped, nextRetryAt };
  }

  private async process(entry: LogEntry): Promise<void> {
    const deliveryCount = await this.cursor.startDelivery(entry.seq);
    const outcome = await deliver({ body: jsonRoundTrip(entry.body), subject: entry.subject, deliveryCount }, this.opts, this.handler, this.onDeadLetter, this.logger);
    if (outcome === 'retry') await this.cursor.retryLater(entry.seq, Date.now() + this.opts.retryDelayMs);
    else await this.cursor.finish([entry.seq], this.log.firstSeq);
  }

  private sleep(until: number | undefined): Promise<void> {
    return new Promise((resolve) => {
      let timer: NodeJS.Timeout | undefined;
      const done = () => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
      if (until !== undefined) timer = setTimeout(done, Math.max(0, until - Date.now()));
      this.wake = done;
    });
  }
}
