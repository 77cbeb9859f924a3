/** The embedded EventBus: publish into the hub's log, durable consumers over it, and live subscribers. */
import { parseEventEnvelope, type EventEnvelope, type EventSubject } from '@dcp/contracts';
import { runInEventCallContext } from '@dcp/observability';
import type { BusLogger, ConsumerOptions, DeadLetter, DeadLetterVerdict, DurableConsumerHandle, EventBus, EventConsumerHandle } from '../api';
import { resolveConsumerOptions } from '../delivery';
import { jsonRoundTrip } from '../json';
import { describeError } from '../logger';
import { InProcessDurableConsumer } from './durable-consumer';
import type { InProcessHub } from './hub';

export class InProcessEventBus implements EventBus {
  /** Running consumers/subscriptions and how to stop each (close() stops whatever is left). */
  private readonly running = new Map<EventConsumerHandle, () => Promise<void>>();
  private closed = false;

  constructor(
    private readonly hub: InProcessHub,
    private readonly logger: BusLogger,
  ) {}

  async publish(envelope: EventEnvelope): Promise<void> {
    this.assertOpen();
    const valid = parseEventEnvelope(jsonRoundTrip(envelope));
    await this.hub.log.append(valid.id, valid.type, jsonRoundTrip(valid));
  }

  async consume(opts: ConsumerOptions, handler: (envelope: EventEnvelope) => Promise<void>, onDeadLetter: (dl: DeadLetter) => Promise<DeadLetterVerdict | void>): Promise<DurableConsumerHandle> {
    this.assertOpen();
    const resolved = resolveConsumerOptions(opts);
    const { cursor, release } = await this.hub.claimDurable(resolved.durable);
    const consumer = new InProcessDurableConsumer(this.hub.log, cursor, resolved, handler, onDeadLetter, this.logger, release);
    consumer.start();
    return { ...this.track(() => consumer.stop()), lag: async () => consumer.lag() };
  }

  async subscribe(subjects: EventSubject[], handler: (envelope: EventEnvelope) => void): Promise<EventConsumerHandle> {
    this.assertOpen();
    const wanted = new Set<string>(subjects);
    const detach = this.hub.log.onAppend((entry) => {
      if (!wanted.has(entry.subject)) return;
      const body = jsonRoundTrip(entry.body);
      // Asynchronous like a network delivery: the publisher's await never runs subscriber code.
      setImmediate(() => {
        try {
          const envelope = parseEventEnvelope(body);
          // A listener logs in the call the event was enqueued in, as consumers do (TR4).
          runInEventCallContext(envelope.callContext, () => handler(envelope));
        } catch (err) {
          this.logger.warn(`subscriber of ${entry.subject} dropped a message: ${describeError(err)}`);
        }
      });
    });
    return this.track(async () => {
      detach();
    });
  }

  async ping(): Promise<void> {
    this.assertOpen();
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.stopConsumers();
  }

  /** Stops every consumer and subscription; publishing keeps working (shutdown: the outbox flushes after). */
  async stopConsumers(): Promise<void> {
    const stops = [...this.running.values()];
    this.running.clear();
    await Promise.all(stops.map((stop) => stop()));
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('the event bus is closed');
  }

  private track(stop: () => Promise<void>): EventConsumerHandle {
    const handle: EventConsumerHandle = {
      stop: async () => {
        if (!this.running.delete(handle)) return;
        await stop();
      },
    };
    this.running.set(handle, stop);
    return handle;
  }
}
