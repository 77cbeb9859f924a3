/**
 * Events on JetStream: publish with Nats-Msg-Id = envelope id (the stream drops duplicates), durable pull
 * consumers per service, and core subscriptions for "from now" listeners (cache invalidation).
 */
import { parseEventEnvelope, type EventEnvelope, type EventSubject } from '@dcp/contracts';
import { runInEventCallContext } from '@dcp/observability';
import type { JetStreamClient, JetStreamManager } from '@nats-io/jetstream';
import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import type { BusLogger, ConsumerOptions, DeadLetter, DeadLetterVerdict, DurableConsumerHandle, EventBus, EventConsumerHandle } from '../api';
import { resolveConsumerOptions } from '../delivery';
import { decodeJson, encodeJson } from '../json';
import { describeError } from '../logger';
import { NatsConnectionState } from './connection-state';
import { NatsDurableConsumer } from './durable-consumer';
import { ensureStream } from './stream';
import type { SubjectSpace } from './subjects';

export class NatsEventBus implements EventBus {
  /** Running consumers/subscriptions and how to stop each (close() stops whatever is left). */
  private readonly running = new Map<EventConsumerHandle, () => Promise<void>>();
  private readonly connection: NatsConnectionState;

  constructor(
    private readonly nc: NatsConnection,
    private readonly js: JetStreamClient,
    private readonly jsm: JetStreamManager,
    private readonly stream: string,
    private readonly subjects: SubjectSpace,
    private readonly logger: BusLogger,
    /** Copies of the stream (JetStream num_replicas): 1 on a single server, up to the cluster's size. */
    private readonly streamReplicas = 1,
  ) {
    this.connection = new NatsConnectionState(nc);
  }

  /** Creates or updates the stream; called once by createBus and again by consumers that lost it. */
  ensureStream(): Promise<unknown> {
    return ensureStream(this.jsm, { name: this.stream, subjects: this.subjects.streamSubjects, replicas: this.streamReplicas }, this.logger);
  }

  async publish(envelope: EventEnvelope): Promise<void> {
    const valid = parseEventEnvelope(envelope);
    await this.js.publish(this.subjects.wire(valid.type), encodeJson(valid), { msgID: valid.id, expect: { streamName: this.stream } });
  }

  async consume(opts: ConsumerOptions, handler: (envelope: EventEnvelope) => Promise<void>, onDeadLetter: (dl: DeadLetter) => Promise<DeadLetterVerdict | void>): Promise<DurableConsumerHandle> {
    const consumer = new NatsDurableConsumer(
      { nc: this.nc, js: this.js, jsm: this.jsm, stream: this.stream, subjects: this.subjects, logger: this.logger, ensureStream: () => this.ensureStream() },
      resolveConsumerOptions(opts),
      handler,
      onDeadLetter,
    );
    await consumer.start();
    return { ...this.track(() => consumer.stop()), lag: () => consumer.lag() };
  }

  async subscribe(subjects: EventSubject[], handler: (envelope: EventEnvelope) => void, onGap?: () => void): Promise<EventConsumerHandle> {
    const subs: Subscription[] = subjects.map((subject) =>
      this.nc.subscribe(this.subjects.wire(subject), {
        callback: (err, msg) => {
          if (err) return this.logger.error(`subscription to ${subject} failed`, err);
          try {
            const envelope = parseEventEnvelope(decodeJson(msg.data));
            // A listener logs in the call the event was enqueued in, as consumers do (TR4).
            runInEventCallContext(envelope.callContext, () => handler(envelope));
          } catch (e) {
            this.logger.warn(`subscriber of ${subject} dropped a message: ${describeError(e)}`);
          }
        },
      }),
    );
    const stopGaps = onGap ? this.connection.onDown(onGap) : undefined;
    // The server has registered the subscriptions once the flush returns: events published after this resolve.
    await this.nc.flush();
    return this.track(async () => {
      stopGaps?.();
      for (const s of subs) s.unsubscribe();
    });
  }

  connected(): boolean {
    return this.connection.downReason() === undefined;
  }

  async ping(): Promise<void> {
    const down = this.connection.downReason();
    if (down) throw new Error(down);
    await this.jsm.streams.info(this.stream);
  }

  async close(): Promise<void> {
    const stops = [...this.running.values()];
    this.running.clear();
    await Promise.all(stops.map((stop) => stop()));
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
