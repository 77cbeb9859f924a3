/**
 * A service's one durable consumer (`<service>-service`): each delivery runs its reaction inside the inbox
 * transaction, so an event applies at most once even when delivered again (statement reactions: one statement
 * with the inbox row, OB3); failures end in the dead-letter table after `EVENT_MAX_DELIVER` attempts.
 */
import type { Logger } from '@nestjs/common';
import { EVENTS, type EventEnvelope, type EventKey } from '@dcp/contracts';
import { type ConsumerLag, type DurableConsumerHandle, type SqlClient, alreadyApplied, countDeadLetters, deadLetterSink, runOnce } from '@dcp/messaging';
import type { RuntimeContext } from '../host/context';
import type { OpenTransaction, ServiceOutbox } from './outbox';
import type { ServiceEventsOptions } from './service-events-options';
import { type AnyStatementReaction, isStatementReaction, type StatementOutcome } from './statement-reaction';
import type { AnyEventReaction, EventHandlers, HandledEvent } from './service-events';

/** A lag measurement answers every question asked within this time (the gauges of one scrape). */
const LAG_REUSE_MS = 1_000;

export class ServiceConsumer<Tx extends SqlClient> {
  private consumer?: DurableConsumerHandle;
  /** One measurement shared by the gauges of a scrape and the admin view (LAG_REUSE_MS). */
  private lastLag?: { at: number; lag: Promise<ConsumerLag> };
  private handlers: EventHandlers<Tx> = {};
  private statements: Partial<Record<EventKey, AnyStatementReaction>> = {};
  private readonly listeners = new Set<(handled: HandledEvent) => void>();

  constructor(
    private readonly ctx: Pick<RuntimeContext, 'config' | 'events' | 'metrics'>,
    private readonly opts: ServiceEventsOptions<Tx>,
    private readonly outbox: ServiceOutbox<Tx>,
    private readonly logger: Logger,
  ) {}

  get durable(): string {
    return `${this.opts.service}-service`;
  }

  private get schema(): string {
    return this.opts.service;
  }

  onHandled(listener: (handled: HandledEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async consume(handlers: EventHandlers<Tx>): Promise<void> {
    this.handlers = handlers;
    const keys = [...Object.keys(handlers), ...Object.keys(this.statements)] as EventKey[];
    const { eventMaxDeliver, eventRetryDelayMs, eventAckWaitMs } = this.ctx.config;
    const service = this.opts.service;
    this.ctx.metrics.sample('dcp_dead_letters_open', async () => [{ labels: { service }, value: await countDeadLetters(this.opts.client, this.schema) }]);
    // Sampled on each scrape, one measurement for the three (a consumer not running contributes nothing).
    this.ctx.metrics.sample('dcp_consumer_pending', async () => [{ labels: { service }, value: (await this.lag()).pending }]);
    this.ctx.metrics.sample('dcp_consumer_ack_pending', async () => [{ labels: { service }, value: (await this.lag()).ackPending }]);
    this.ctx.metrics.sample('dcp_consumer_oldest_pending_age_seconds', async () => [{ labels: { service }, value: (await this.lag()).oldestPendingAgeSeconds }]);
    const sink = deadLetterSink(this.opts.client, this.schema);
    this.consumer = await this.ctx.events.consume(
      {
        durable: this.durable,
        subjects: keys.map((k) => EVENTS[k].subject),
        maxDeliver: eventMaxDeliver,
        retryDelayMs: eventRetryDelayMs,
        ackWaitMs: eventAckWaitMs,
        onRedelivery: (subject) => this.ctx.metrics.increment('dcp_event_redeliveries_total', { service, subject }),
      },
      (envelope) => this.apply(envelope, 'consumer'),
      async (dl) => {
        // Delivered again after its effect committed (an ack lost with a killed process or a NATS restart, a
        // copy that sat out its ack wait in the pull buffer): applied once already, so no dead letter (FD2).
        if (await alreadyApplied(this.opts.client, this.schema, this.durable, dl.envelope)) {
          this.count(dl.subject, 'duplicate', (dl.envelope as { id?: string }).id);
          this.logger.warn(`${dl.subject} delivered ${dl.deliveries} times was applied already: not a dead letter (${dl.error})`);
          return 'already-applied';
        }
        await sink(dl);
        this.ctx.metrics.increment('dcp_dead_letters_total', { service, subject: dl.subject });
        this.count(dl.subject, 'dead-lettered', (dl.envelope as { id?: string } | null)?.id);
        this.logger.error(`gave up on ${dl.subject} after ${dl.deliveries} deliveries: ${dl.error}`);
        return 'recorded';
      },
    );
  }

  async react(...reactions: Array<AnyEventReaction<Tx> | AnyStatementReaction>): Promise<void> {
    const handlers: Record<string, unknown> = {};
    const statements: Partial<Record<EventKey, AnyStatementReaction>> = {};
    for (const reaction of reactions) {
      if (handlers[reaction.event] || statements[reaction.event]) throw new Error(`${this.durable} has two reactions to ${EVENTS[reaction.event].subject}`);
      if (isStatementReaction(reaction)) {
        if (!this.opts.run) throw new Error(`${this.durable} reacts to ${EVENTS[reaction.event].subject} with a statement but was given no statement runner`);
        statements[reaction.event] = reaction;
        continue;
      }
      const eventReaction = reaction as AnyEventReaction<Tx>;
      handlers[reaction.event] = (data: unknown, tx: Tx, envelope: EventEnvelope) => (eventReaction.react as (d: unknown, t: Tx, e: EventEnvelope) => Promise<void>).call(eventReaction, data, tx, envelope);
    }
    this.statements = statements;
    await this.consume(handlers as EventHandlers<Tx>);
  }

  /** Applies one event: from the consumer, or replayed from a dead letter by an operator. */
  async apply(envelope: EventEnvelope, via: 'consumer' | 'replay'): Promise<void> {
    const key = (Object.keys(EVENTS) as EventKey[]).find((k) => EVENTS[k].subject === envelope.type);
    const statement = key ? this.statements[key] : undefined;
    if (statement) return this.applyStatement(statement, envelope, via);
    const handler = key ? (this.handlers[key] as ((data: unknown, tx: Tx, env: EventEnvelope) => Promise<void>) | undefined) : undefined;
    if (!handler) throw new Error(`${this.durable} has no handler for ${envelope.type}`);
    try {
      const state: OpenTransaction = { enqueued: false };
      const ran = await runOnce(this.opts.client, this.schema, this.durable, envelope, (tx) => this.outbox.within(tx, state, () => handler(envelope.data, tx, envelope)), { maxWait: 10_000, timeout: 60_000 });
      this.count(envelope.type, ran ? 'applied' : 'duplicate', envelope.id);
      if (state.enqueued) this.outbox.committed();
    } catch (err) {
      if (via === 'consumer') this.count(envelope.type, 'failed', envelope.id);
      throw err;
    }
  }

  /**
   * How far the consumer is behind (`dcp_consumer_*`, `GET /admin/v1/consumers`); measured at most once per
   * LAG_REUSE_MS (a scrape reads three gauges of it). Rejects when the consumer is not running.
   */
  lag(): Promise<ConsumerLag> {
    const consumer = this.consumer;
    if (!consumer) return Promise.reject(new Error(`${this.durable} is not consuming`));
    const now = Date.now();
    if (this.lastLag && now - this.lastLag.at < LAG_REUSE_MS) return this.lastLag.lag;
    const lag = consumer.lag();
    this.lastLag = { at: now, lag };
    lag.catch(() => {
      if (this.lastLag?.lag === lag) this.lastLag = undefined;
    });
    return lag;
  }

  async stop(): Promise<void> {
    await this.consumer?.stop();
    this.consumer = undefined;
  }

  /** One statement: the inbox row and the effect together (OB3). */
  private async applyStatement(reaction: AnyStatementReaction, envelope: EventEnvelope, via: 'consumer' | 'replay'): Promise<void> {
    const typed = reaction as {
      statement: AnyStatementReaction['statement'];
      before?(d: unknown): void;
      params(d: unknown, e: EventEnvelope): readonly unknown[];
      applied?(row: StatementOutcome, d: unknown): void;
    };
    let row: StatementOutcome | undefined;
    try {
      typed.before?.call(reaction, envelope.data);
      [row] = await this.opts.run!(typed.statement, [envelope.id, ...typed.params(envelope.data, envelope)]);
      if (typeof row?.applied !== 'boolean' || typeof row.enqueued !== 'number') throw new Error(`${typed.statement.name} answered no outcome row`);
    } catch (err) {
      if (via === 'consumer') this.count(envelope.type, 'failed', envelope.id);
      throw err;
    }
    this.count(envelope.type, row.applied ? 'applied' : 'duplicate', envelope.id);
    if (!row.applied) return;
    if (row.enqueued > 0) this.outbox.committed();
    typed.applied?.call(reaction, row, envelope.data);
  }

  private count(subject: string, outcome: HandledEvent['outcome'], eventId: string | undefined): void {
    this.ctx.metrics.increment('dcp_events_consumed_total', { service: this.opts.service, subject, outcome });
    for (const listener of this.listeners) listener({ subject, eventId, outcome });
  }
}
