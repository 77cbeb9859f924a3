/**
 * A durable pull consumer with explicit ack. It applies up to CONCURRENT_USERS messages at once, one user's
 * events one at a time in stream order (decisions E10); re-creates its consumer when the server lost it
 * (stream/consumer deleted or not found), and rides through reconnects (the client library resumes pulling
 * after a reconnect; heartbeats detect a stalled pull).
 */
import { AckPolicy, DeliverPolicy, ReplayPolicy, type ConsumerConfig, type ConsumerMessages, type JetStreamClient, type JetStreamManager, type JsMsg } from '@nats-io/jetstream';
import { nanos, type NatsConnection } from '@nats-io/transport-node';
import type { BusLogger, ConsumerLag, DurableConsumerHandle } from '../api';
import { deliver, type DeadLetterSink, type EventHandler, type ResolvedConsumerOptions } from '../delivery';
import { isNotFound } from './stream';
import type { SubjectSpace } from './subjects';

export interface NatsConsumerDeps {
  nc: NatsConnection;
  js: JetStreamClient;
  jsm: JetStreamManager;
  stream: string;
  subjects: SubjectSpace;
  logger: BusLogger;
  /** Re-creates the stream when it disappeared. */
  ensureStream: () => Promise<unknown>;
}

const RECOVERY_DELAY_MS = 1_000;
/** Messages pulled ahead: small, so that buffered messages do not sit out their ack wait behind a slow one. */
const PULL_BATCH = 16;
/**
 * Messages applied at once, each of another user (every event names its user). A reaction spends most of its
 * time waiting for the database: while one waits, the next runs, instead of queueing behind it.
 */
const CONCURRENT_USERS = 4;

/** The user an event is about (every event's data carries userId), or undefined for a body that is no event. */
function userOf(body: unknown): number | undefined {
  const userId = (body as { data?: { userId?: unknown } } | null)?.data?.userId;
  return typeof userId === 'number' ? userId : undefined;
}

export class NatsDurableConsumer implements DurableConsumerHandle {
  private stopped = false;
  private messages?: ConsumerMessages;
  private loop?: Promise<void>;
  private wakeRecovery?: () => void;
  /** The last message being applied per user: a user's next message starts after it (stream order). */
  private readonly lastOfUser = new Map<number | undefined, Promise<void>>();
  private readonly applying = new Set<Promise<void>>();

  constructor(
    private readonly deps: NatsConsumerDeps,
    private readonly opts: ResolvedConsumerOptions,
    private readonly handler: EventHandler,
    private readonly onDeadLetter: DeadLetterSink,
  ) {}

  async start(): Promise<void> {
    await this.ensureConsumer();
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.wakeRecovery?.();
    await this.messages?.close().catch(() => undefined);
    await this.loop;
  }

  /**
   * The consumer's info (pending, ack pending, redelivered) and, when something is not yet acknowledged, the
   * time of the first message of its subjects after the ack floor: the oldest one not acknowledged (one
   * stream read per subject). Without a server-side filter (servers before 2.10 with several subjects)
   * `pending` counts every message of the stream.
   */
  async lag(): Promise<ConsumerLag> {
    const info = await this.deps.jsm.consumers.info(this.deps.stream, this.opts.durable);
    const lag: ConsumerLag = { pending: info.num_pending, ackPending: info.num_ack_pending, redelivered: info.num_redelivered, oldestPendingAgeSeconds: 0 };
    if (lag.pending + lag.ackPending === 0) return lag;
    const from = info.ack_floor.stream_seq + 1;
    const firsts = await Promise.all(
      this.opts.subjects.map((subject) =>
        // STREAM.MSG.GET takes `next_by_subj` (nats-server 2.9+); the client's type lists only seq/last_by_subj.
        this.deps.jsm.streams.getMessage(this.deps.stream, { seq: from, next_by_subj: this.deps.subjects.wire(subject) } as unknown as { seq: number }),
      ),
    );
    const times = firsts.filter((m) => m !== null).map((m) => m.time.getTime());
    if (times.length > 0) lag.oldestPendingAgeSeconds = Math.max(0, (Date.now() - Math.min(...times)) / 1000);
    return lag;
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      try {
        const consumer = await this.deps.js.consumers.get(this.deps.stream, this.opts.durable);
        const messages = await consumer.consume({ max_messages: PULL_BATCH });
        this.messages = messages;
        // stop() may have run while the pull was being set up, before there was anything to close. close()
        // resolves only once the iterator is drained, and nothing will iterate it: do not wait for it.
        if (this.stopped) {
          void messages.close().catch(() => undefined);
          break;
        }
        void this.watch(messages);
        for await (const msg of messages) {
          await this.dispatch(msg);
          if (this.stopped) break;
        }
      } catch (err) {
        if (!this.stopped) this.deps.logger.error(`consumer ${this.opts.durable} stopped pulling; recovering`, err);
      } finally {
        // Messages under way finish (and are settled) before the consumer stops or pulls anew.
        await Promise.all(this.applying);
      }
      if (this.stopped) break;
      if (this.deps.nc.isClosed()) {
        this.deps.logger.error(`consumer ${this.opts.durable} ends: the NATS connection is closed`);
        break;
      }
      await this.pause(RECOVERY_DELAY_MS);
      await this.ensureConsumer().catch((err) => this.deps.logger.error(`consumer ${this.opts.durable} could not be re-created`, err));
    }
  }

  /** Ends the pull loop when the server says the consumer or stream is gone, so run() re-creates it. */
  private async watch(messages: ConsumerMessages): Promise<void> {
    for await (const s of messages.status()) {
      if (s.type === 'consumer_not_found' || s.type === 'stream_not_found' || s.type === 'consumer_deleted') {
        if (!this.stopped) this.deps.logger.warn(`consumer ${this.opts.durable}: ${s.type}; re-creating`);
        await messages.close().catch(() => undefined);
        return;
      }
    }
  }

  /**
   * Starts applying `msg` once a slot is free and the same user's previous message is done; returns when it
   * has started, so the pull goes on (E10).
   */
  private async dispatch(msg: JsMsg): Promise<void> {
    const subject = this.deps.subjects.event(msg.subject) ?? msg.subject;
    if (!this.opts.subjects.includes(subject)) {
      // Servers before 2.10 filter on one subject only; the rest is filtered here.
      msg.ack();
      return;
    }
    let body: unknown;
    try {
      body = msg.json<unknown>();
    } catch {
      body = msg.string();
    }
    while (this.applying.size >= CONCURRENT_USERS) await Promise.race(this.applying);
    const user = userOf(body);
    const before = this.lastOfUser.get(user);
    const apply = () => this.process(msg, subject, body);
    const applied: Promise<void> = (before ? before.then(apply, apply) : apply()).finally(() => {
      this.applying.delete(applied);
      if (this.lastOfUser.get(user) === applied) this.lastOfUser.delete(user);
    });
    this.lastOfUser.set(user, applied);
    this.applying.add(applied);
  }

  /** Applies one message; never rejects (every outcome is an ack, a nak or a term). */
  private async process(msg: JsMsg, subject: string, body: unknown): Promise<void> {
    try {
      msg.working(); // restart the ack timer: the message may have waited in the pull buffer
      const outcome = await deliver({ body, subject, deliveryCount: msg.info.deliveryCount }, this.opts, this.handler, this.onDeadLetter, this.deps.logger);
      if (outcome === 'ack') msg.ack();
      else if (outcome === 'terminate') msg.term(`dead-lettered by ${this.opts.durable}`);
      else msg.nak(this.opts.retryDelayMs);
    } catch (err) {
      // The connection went away mid-way: the server delivers the message again after its ack wait.
      this.deps.logger.error(`consumer ${this.opts.durable}: ${subject} could not be settled`, err);
    }
  }

  private async ensureConsumer(): Promise<void> {
    const wanted = this.consumerConfig();
    let existing;
    try {
      existing = await this.deps.jsm.consumers.info(this.deps.stream, this.opts.durable);
    } catch (err) {
      if (!isNotFound(err)) throw err;
      await this.deps.ensureStream();
      await this.deps.jsm.consumers.add(this.deps.stream, wanted);
      return;
    }
    const cfg = existing.config;
    const filterOf = (c: Partial<ConsumerConfig>) => [...(c.filter_subjects ?? (c.filter_subject ? [c.filter_subject] : []))].sort().join(',');
    if (cfg.ack_wait !== wanted.ack_wait || filterOf(cfg) !== filterOf(wanted)) {
      this.deps.logger.info(`updating consumer ${this.opts.durable} to the expected subjects/ack wait`);
      const { durable_name: _name, deliver_policy: _policy, replay_policy: _replay, ack_policy: _ack, ...mutable } = wanted;
      await this.deps.jsm.consumers.update(this.deps.stream, this.opts.durable, mutable);
    }
  }

  private consumerConfig(): ConsumerConfig {
    const wire = this.opts.subjects.map((s) => this.deps.subjects.wire(s));
    const filter = supportsFilterSubjects(this.deps.nc) ? { filter_subjects: wire } : wire.length === 1 ? { filter_subject: wire[0] } : {};
    return {
      durable_name: this.opts.durable,
      ack_policy: AckPolicy.Explicit,
      // The handler is bounded by ackWaitMs client-side; the server waits longer so it never redelivers a
      // message that is still being handled.
      ack_wait: nanos(this.opts.ackWaitMs * 2),
      // Redeliveries are counted here (dead letter after maxDeliver), not cut off by the server.
      max_deliver: -1,
      deliver_policy: DeliverPolicy.All,
      replay_policy: ReplayPolicy.Instant,
      ...filter,
    };
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wakeRecovery = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}

/** filter_subjects (several filters on one consumer) arrived in nats-server 2.10. */
function supportsFilterSubjects(nc: NatsConnection): boolean {
  const [major, minor] = (nc.info?.version ?? '0.0.0').split('.').map(Number);
  return major > 2 || (major === 2 && minor >= 10);
}
