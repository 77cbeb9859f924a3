/**
 * A service's side of the event backbone (libs/messaging/README.md), the same for every service that owns data:
 * - the outbox relay that publishes what its transactions enqueued: `enqueue(tx, key, payload)` writes the row
 *   inside a transaction opened by `transaction(fn)` (or a reaction's inbox transaction) and the relay is poked
 *   once that transaction has committed — never before, never after a rollback;
 * - one durable consumer (`<service>-service`) whose handlers run inside the inbox transaction, so an
 *   event applies at most once even when delivered again, and whose failures end in the dead-letter table
 *   after `EVENT_MAX_DELIVER` attempts;
 * - the operator view of those dead letters (list, resolve, replay) and their metrics.
 */
import { type FactoryProvider, type InjectionToken, Logger } from '@nestjs/common';
import {
  ErrorCode,
  type EventConsumerService,
  type EventEnvelope,
  type EventKey,
  type EventPayload,
  EVENTS,
  PlatformError,
  type ServiceName,
  deadLetterContracts,
  isOutboxService,
  outboxBacklogContract,
  parseEventEnvelope,
  resolveDeadLetterBodySchema,
} from '@dcp/contracts';
import {
  type BusLogger,
  type DeadLetterRecord,
  type EventConsumerHandle,
  OutboxRelay,
  type SqlClient,
  alreadyApplied,
  type TransactionOptions,
  buildEvent,
  draftEvent,
  type EventDraft,
  enqueueEvent,
  type TransactionalSqlClient,
  countDeadLetters,
  deadLetterSink,
  getDeadLetter,
  listDeadLetters,
  outboxBacklog,
  resolveDeadLetter,
  runOnce,
} from '@dcp/messaging';
import type { HotStatementRunner } from '@dcp/database';
import { RUNTIME_CONTEXT, type RuntimeContext } from './context';
import { type AnyStatementReaction, isStatementReaction, type StatementOutcome } from './statement-reaction';
import { stopOutboxAfterLastFlush } from './shutdown/stop-outbox';

/** One handler per consumed event; it runs inside the inbox transaction `tx`. */
export type EventHandlers<Tx extends SqlClient> = {
  [K in EventKey]?: (data: EventPayload<K>, tx: Tx, envelope: EventEnvelope<K>) => Promise<void>;
};

/**
 * What a service does on one event (the one convention: `src/reactions/<event>.reaction.ts`, an injectable
 * class naming its `event` and reacting inside the inbox transaction `tx`; events it enqueues in `tx` are
 * published after that transaction commits). Registered with `ServiceEvents.react(...reactions)`.
 */
export interface EventReaction<K extends EventKey, Tx extends SqlClient> {
  readonly event: K;
  react(data: EventPayload<K>, tx: Tx, envelope: EventEnvelope<K>): Promise<void>;
}

/** Any service's reaction to any event (what `react` takes). */
export type AnyEventReaction<Tx extends SqlClient> = { [K in EventKey]: EventReaction<K, Tx> }[EventKey];

/** What became of one delivery: applied, already applied before (inbox), failed (will be retried), or given up. */
export interface HandledEvent {
  subject: string;
  eventId: string | undefined;
  outcome: 'applied' | 'duplicate' | 'failed' | 'dead-lettered';
}

export interface ServiceEventsOptions<Tx extends SqlClient> {
  service: ServiceName;
  /** The service's Prisma client (its PostgreSQL schema holds outbox_event, inbox_event, dead_letter_event). */
  client: TransactionalSqlClient<Tx>;
  /** The service database's hot-statement runner: what statement reactions (OB3) run on. */
  run?: HotStatementRunner;
}

/** The module-scoped token of a service's ServiceEvents (each service module provides its own). */
export const SERVICE_EVENTS = Symbol.for('dcp.service-events');

/**
 * The service's ServiceEvents over its own database client, under SERVICE_EVENTS: `database` is the token of
 * the service's database provider (anything with `client`, the Prisma client of its schema).
 */
export function serviceEventsProvider<Tx extends SqlClient>(
  service: ServiceName,
  database: InjectionToken,
): FactoryProvider<ServiceEvents<Tx>> {
  return {
    provide: SERVICE_EVENTS,
    inject: [RUNTIME_CONTEXT, database],
    useFactory: (ctx: RuntimeContext, db: { client: TransactionalSqlClient<Tx>; run?: HotStatementRunner }) => new ServiceEvents<Tx>(ctx, { service, client: db.client, run: db.run }),
  };
}

/** A transaction opened by ServiceEvents: whether something was enqueued in it (the relay is poked after its commit). */
interface OpenTransaction {
  enqueued: boolean;
}

export class ServiceEvents<Tx extends SqlClient> {
  private readonly logger: Logger;
  private readonly open = new WeakMap<object, OpenTransaction>();
  private readonly busLogger: BusLogger;
  private relay?: OutboxRelay;
  private consumer?: EventConsumerHandle;
  private handlers: EventHandlers<Tx> = {};
  private statements: Partial<Record<EventKey, AnyStatementReaction>> = {};
  private readonly listeners = new Set<(handled: HandledEvent) => void>();

  constructor(
    private readonly ctx: RuntimeContext,
    private readonly opts: ServiceEventsOptions<Tx>,
  ) {
    this.logger = new Logger(`${opts.service}-events`);
    this.busLogger = {
      error: (m, e) => this.logger.error(`${m}${e instanceof Error ? `: ${e.message}` : ''}`),
      warn: (m) => this.logger.warn(m),
      info: (m) => this.logger.log(m),
    };
  }

  get durable(): string {
    return `${this.opts.service}-service`;
  }

  private get schema(): string {
    return this.opts.service;
  }

  /** Observes every delivery's outcome (the same facts as `dcp_events_consumed_total`); returns the unsubscribe. */
  onHandled(listener: (handled: HandledEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Starts publishing the outbox; reports its backlog as `dcp_outbox_pending{service}` and
   * `dcp_outbox_oldest_pending_age_seconds{service}`, and answers it to operators (`GET /admin/v1/outbox`).
   */
  startOutbox(): void {
    const service = this.opts.service;
    // The admin route asks every service of OUTBOX_SERVICES: one missing there would be an outbox nobody sees.
    if (!isOutboxService(service)) throw new Error(`${service}-service starts an outbox relay but is not in OUTBOX_SERVICES (libs/contracts/src/admin-lookup.ts)`);
    this.ctx.rpcServer.handleContract(outboxBacklogContract(service), () => outboxBacklog(this.opts.client, this.schema));
    const relay = new OutboxRelay({ schema: this.schema, client: this.opts.client, events: this.ctx.events, logger: this.busLogger, runPrepared: this.opts.run });
    this.relay = relay;
    const labels = { service: this.opts.service };
    this.ctx.metrics.sample('dcp_outbox_pending', async () => [{ labels, value: (await outboxBacklog(this.opts.client, this.schema)).pending }]);
    this.ctx.metrics.sample('dcp_outbox_oldest_pending_age_seconds', async () => [{ labels, value: (await outboxBacklog(this.opts.client, this.schema)).oldestAgeSeconds }]);
    relay.start();
    this.ctx.shutdown.register('outbox', `${this.opts.service} outbox`, () => stopOutboxAfterLastFlush(relay));
  }

  /** Publish now what a just-committed transaction enqueued (`transaction` does it; for tests and tools). */
  poke(): void {
    this.relay?.poke();
  }

  /**
   * The envelope of an event whose outbox row one statement writes along with its change (OB2): `completedBy`
   * names the data fields the statement fills in. Publish the stored envelope with `publishWritten` once the
   * statement has committed.
   */
  draft<K extends EventKey, F extends keyof EventPayload<K> & string>(key: K, known: Omit<EventPayload<K>, F>, completedBy: readonly F[]): EventDraft {
    return draftEvent(key, known, completedBy);
  }

  /**
   * Publishes envelopes that committed statements wrote into the outbox (the `payload` they returned). Each is
   * validated whole first; one that is not valid stays for the relay, which records it as invalid.
   */
  publishWritten(payloads: readonly unknown[]): void {
    const valid: EventEnvelope[] = [];
    for (const payload of payloads) {
      try {
        valid.push(parseEventEnvelope(typeof payload === 'string' ? JSON.parse(payload) : payload));
      } catch (err) {
        this.logger.error(`a statement wrote an invalid event into the ${this.opts.service} outbox: ${err instanceof Error ? err.message : String(err)}`);
        this.poke();
      }
    }
    // Straight from the envelopes the statement returned, without a relay pass (OB1).
    if (valid.length > 0) this.relay?.publishCommitted(valid);
  }

  /**
   * Runs `fn` in a transaction of the service's database; events `enqueue`d in it are published right after
   * the commit (the relay is poked once the transaction resolved; a rollback pokes nothing).
   */
  async transaction<R>(fn: (tx: Tx) => Promise<R>, options?: TransactionOptions): Promise<R> {
    const state: OpenTransaction = { enqueued: false };
    const result = await this.opts.client.$transaction((tx) => this.within(tx, state, () => fn(tx)), options);
    // The relay, not the fast path (OB1): events of busy producers then reach the consumers in batches.
    if (state.enqueued) this.poke();
    return result;
  }

  /**
   * Writes the event into the outbox inside `tx`, which must be a transaction of this ServiceEvents
   * (`transaction(fn)` or a reaction's): the relay is poked when it commits. Throws for any other client,
   * so no use case can enqueue without the poke.
   */
  async enqueue<K extends EventKey>(tx: Tx, key: K, payload: EventPayload<K>): Promise<void> {
    const state = this.open.get(tx);
    if (!state) throw new Error(`${this.opts.service}-service enqueued ${EVENTS[key].subject} outside a transaction of its ServiceEvents`);
    await enqueueEvent(tx, this.schema, buildEvent(key, payload));
    state.enqueued = true;
  }

  private async within<R>(tx: Tx, state: OpenTransaction, fn: () => Promise<R>): Promise<R> {
    this.open.set(tx, state);
    try {
      return await fn();
    } finally {
      this.open.delete(tx);
    }
  }

  /** Starts the service's durable consumer for the events it has handlers for. */
  async consume(handlers: EventHandlers<Tx>): Promise<void> {
    this.handlers = handlers;
    const keys = [...Object.keys(handlers), ...Object.keys(this.statements)] as EventKey[];
    const { eventMaxDeliver, eventRetryDelayMs, eventAckWaitMs } = this.ctx.config;
    const service = this.opts.service;
    this.ctx.metrics.sample('dcp_dead_letters_open', async () => [{ labels: { service }, value: await countDeadLetters(this.opts.client, this.schema) }]);
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

  /**
   * Starts the service's durable consumer with its reactions (one per event): EventReactions run inside the
   * inbox transaction; StatementReactions are one statement with the inbox row (OB3).
   */
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

  /** Serves the dead-letter admin contracts of this service. */
  registerDeadLetterAdmin(service: EventConsumerService): void {
    const contracts = deadLetterContracts(service);
    this.ctx.rpcServer.handleContract(contracts.list, async (req) => {
      const filter = { includeResolved: req.includeResolved ?? false };
      const [items, total] = await Promise.all([
        listDeadLetters(this.opts.client, this.schema, { ...filter, limit: req.limit, offset: req.offset }),
        countDeadLetters(this.opts.client, this.schema, filter),
      ]);
      return { items: items.map(toView), total };
    });
    this.ctx.rpcServer.handleContract(contracts.resolve, async (req) => {
      const parsed = resolveDeadLetterBodySchema.safeParse(req.body ?? {});
      if (!parsed.success) throw new PlatformError(ErrorCode.ADMIN_VALIDATION_FAILED, `invalid field ${parsed.error.issues[0]?.path.join('.') || 'body'}: ${parsed.error.issues[0]?.message}`);
      const entry = await getDeadLetter(this.opts.client, this.schema, req.id);
      if (!entry) throw new PlatformError(ErrorCode.ADMIN_NOT_FOUND, `no dead letter ${req.id.slice(0, 64)} in ${service}-service`);
      if (entry.resolvedAt) throw new PlatformError(ErrorCode.ADMIN_CONFLICT, `dead letter ${entry.id} was already resolved`);
      if (parsed.data.replay) {
        let envelope: EventEnvelope;
        try {
          envelope = parseEventEnvelope(entry.payload);
        } catch (err) {
          throw new PlatformError(ErrorCode.ADMIN_CONFLICT, `dead letter ${entry.id} holds no valid event and cannot be replayed: ${err instanceof Error ? err.message : String(err)}`);
        }
        try {
          await this.apply(envelope, 'replay');
        } catch (err) {
          throw new PlatformError(ErrorCode.ADMIN_CONFLICT, `replaying dead letter ${entry.id} failed again: ${err instanceof Error ? err.message : String(err)}`);
        }
      }
      await resolveDeadLetter(this.opts.client, this.schema, entry.id);
      return toView({ ...entry, resolvedAt: new Date() });
    });
  }

  async stop(): Promise<void> {
    await this.consumer?.stop();
    this.consumer = undefined;
    await this.relay?.stop();
    this.relay = undefined;
  }

  private async apply(envelope: EventEnvelope, via: 'consumer' | 'replay'): Promise<void> {
    const key = (Object.keys(EVENTS) as EventKey[]).find((k) => EVENTS[k].subject === envelope.type);
    const statement = key ? this.statements[key] : undefined;
    if (statement) return this.applyStatement(statement, envelope, via);
    const handler = key ? (this.handlers[key] as ((data: unknown, tx: Tx, env: EventEnvelope) => Promise<void>) | undefined) : undefined;
    if (!handler) throw new Error(`${this.durable} has no handler for ${envelope.type}`);
    try {
      const state: OpenTransaction = { enqueued: false };
      const ran = await runOnce(this.opts.client, this.schema, this.durable, envelope, (tx) => this.within(tx, state, () => handler(envelope.data, tx, envelope)), { maxWait: 10_000, timeout: 60_000 });
      this.count(envelope.type, ran ? 'applied' : 'duplicate', envelope.id);
      if (state.enqueued) this.poke();
    } catch (err) {
      if (via === 'consumer') this.count(envelope.type, 'failed', envelope.id);
      throw err;
    }
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
    if (row.enqueued > 0) this.poke();
    typed.applied?.call(reaction, row, envelope.data);
  }

  private count(subject: string, outcome: HandledEvent['outcome'], eventId: string | undefined): void {
    this.ctx.metrics.increment('dcp_events_consumed_total', { service: this.opts.service, subject, outcome });
    for (const listener of this.listeners) listener({ subject, eventId, outcome });
  }
}

function toView(d: DeadLetterRecord) {
  return {
    id: d.id,
    durable: d.durable,
    subject: d.subject,
    eventId: d.eventId,
    payload: d.payload,
    deliveries: d.deliveries,
    error: d.error,
    createdAt: new Date(d.createdAt).toISOString(),
    resolvedAt: d.resolvedAt ? new Date(d.resolvedAt).toISOString() : null,
  };
}
