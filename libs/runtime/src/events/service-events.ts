/**
 * A service's side of the event backbone (libs/messaging/README.md), the same for every service that owns data,
 * in three parts that this class puts together for the service's classes and its host:
 * - the outbox (outbox.ts): `enqueue(tx, key, payload)` writes the row inside a transaction opened by
 *   `transaction(fn)` (or a reaction's inbox transaction) and the relay is poked once that transaction has
 *   committed — never before, never after a rollback;
 * - one durable consumer (consumer.ts, `<service>-service`) whose reactions run inside the inbox transaction,
 *   so an event applies at most once even when delivered again, and whose failures end in the dead-letter
 *   table after `EVENT_MAX_DELIVER` attempts;
 * - the operator view of those dead letters (dead-letter-admin.ts: list, resolve, replay).
 */
import { type FactoryProvider, type InjectionToken, Logger } from '@nestjs/common';
import type { EventConsumerService, EventEnvelope, EventKey, EventPayload, ServiceName } from '@dcp/contracts';
import type { BusLogger, ConsumerLag, EventDraft, SqlClient, TransactionOptions, TransactionalSqlClient } from '@dcp/messaging';
import type { HotStatementRunner } from '@dcp/database';
import { RUNTIME_CONTEXT, type RuntimeContext } from '../host/context';
import { ServiceConsumer } from './consumer';
import { serveDeadLetterAdmin } from './dead-letter-admin';
import { ServiceOutbox } from './outbox';
import type { ServiceEventsOptions } from './service-events-options';
import type { AnyStatementReaction } from './statement-reaction';

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

export type { ServiceEventsOptions } from './service-events-options';

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

export class ServiceEvents<Tx extends SqlClient> {
  private readonly outbox: ServiceOutbox<Tx>;
  private readonly consumer: ServiceConsumer<Tx>;

  constructor(
    private readonly ctx: RuntimeContext,
    private readonly opts: ServiceEventsOptions<Tx>,
  ) {
    const logger = new Logger(`${opts.service}-events`);
    const busLogger: BusLogger = {
      error: (m, e) => logger.error(`${m}${e instanceof Error ? `: ${e.message}` : ''}`),
      warn: (m) => logger.warn(m),
      info: (m) => logger.log(m),
    };
    this.outbox = new ServiceOutbox(ctx, opts, logger, busLogger, () => this.poke());
    this.consumer = new ServiceConsumer(ctx, opts, this.outbox, logger);
  }

  get durable(): string {
    return this.consumer.durable;
  }

  /** Observes every delivery's outcome (the same facts as `dcp_events_consumed_total`); returns the unsubscribe. */
  onHandled(listener: (handled: HandledEvent) => void): () => void {
    return this.consumer.onHandled(listener);
  }

  /**
   * Starts publishing the outbox; reports its backlog as `dcp_outbox_pending{service}` and
   * `dcp_outbox_oldest_pending_age_seconds{service}`, and answers it to operators (`GET /admin/v1/outbox`).
   */
  startOutbox(): void {
    this.outbox.start();
  }

  /** Publish now what a just-committed transaction enqueued (`transaction` does it; for tests and tools). */
  poke(): void {
    this.outbox.poke();
  }

  /**
   * The envelope of an event whose outbox row one statement writes along with its change (OB2): `completedBy`
   * names the data fields the statement fills in. Publish the stored envelope with `publishWritten` once the
   * statement has committed.
   */
  draft<K extends EventKey, F extends keyof EventPayload<K> & string>(key: K, known: Omit<EventPayload<K>, F>, completedBy: readonly F[]): EventDraft {
    return this.outbox.draft(key, known, completedBy);
  }

  /**
   * Publishes envelopes that committed statements wrote into the outbox (the `payload` they returned). Each is
   * validated whole first; one that is not valid stays for the relay, which records it as invalid.
   */
  publishWritten(payloads: readonly unknown[]): void {
    this.outbox.publishWritten(payloads);
  }

  /**
   * Runs `fn` in a transaction of the service's database; events `enqueue`d in it are published right after
   * the commit (the relay is poked once the transaction resolved; a rollback pokes nothing).
   */
  transaction<R>(fn: (tx: Tx) => Promise<R>, options?: TransactionOptions): Promise<R> {
    return this.outbox.transaction(fn, options);
  }

  /**
   * Writes the event into the outbox inside `tx`, which must be a transaction of this ServiceEvents
   * (`transaction(fn)` or a reaction's): the relay is poked when it commits. Throws for any other client,
   * so no use case can enqueue without the poke.
   */
  enqueue<K extends EventKey>(tx: Tx, key: K, payload: EventPayload<K>): Promise<void> {
    return this.outbox.enqueue(tx, key, payload);
  }

  /** Starts the service's durable consumer for the events it has handlers for. */
  consume(handlers: EventHandlers<Tx>): Promise<void> {
    return this.consumer.consume(handlers);
  }

  /**
   * Starts the service's durable consumer with its reactions (one per event): EventReactions run inside the
   * inbox transaction; StatementReactions are one statement with the inbox row (OB3).
   */
  react(...reactions: Array<AnyEventReaction<Tx> | AnyStatementReaction>): Promise<void> {
    return this.consumer.react(...reactions);
  }

  /** How far the service's durable consumer is behind (rejects when it is not consuming). */
  consumerLag(): Promise<ConsumerLag> {
    return this.consumer.lag();
  }

  /** Serves the dead-letter admin contracts and the consumer's lag of this service (replay goes through its consumer). */
  registerDeadLetterAdmin(service: EventConsumerService): void {
    serveDeadLetterAdmin(this.ctx.rpcServer, this.opts.client, service, (envelope) => this.consumer.apply(envelope, 'replay'), () => this.consumer.lag());
  }

  async stop(): Promise<void> {
    await this.consumer.stop();
    await this.outbox.stop();
  }
}
