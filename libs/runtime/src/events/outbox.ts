/**
 * A service's outbox (libs/messaging/README.md): what its transactions enqueue is published by the relay once
 * the transaction has committed — never before, never after a rollback. `transaction(fn)` opens a transaction
 * that tracks its enqueues; `enqueue` refuses any other client, so no use case can enqueue without the poke.
 */
import { Logger } from '@nestjs/common';
import { EVENTS, type EventEnvelope, type EventKey, type EventPayload, isOutboxService, outboxBacklogContract, parseEventEnvelope } from '@dcp/contracts';
import { type BusLogger, type EventDraft, OutboxRelay, type SqlClient, type TransactionOptions, buildEvent, draftEvent, enqueueEvent, outboxBacklog } from '@dcp/messaging';
import type { RuntimeContext } from '../host/context';
import type { ServiceEventsOptions } from './service-events-options';
import { stopOutboxAfterLastFlush } from './stop-outbox';

/** A transaction opened by the outbox: whether something was enqueued in it (the relay is poked after its commit). */
export interface OpenTransaction {
  enqueued: boolean;
}

export class ServiceOutbox<Tx extends SqlClient> {
  private readonly open = new WeakMap<object, OpenTransaction>();
  private relay?: OutboxRelay;

  constructor(
    private readonly ctx: Pick<RuntimeContext, 'rpcServer' | 'events' | 'metrics' | 'shutdown'>,
    private readonly opts: ServiceEventsOptions<Tx>,
    private readonly logger: Logger,
    private readonly busLogger: BusLogger,
    /** What runs once a transaction that enqueued has committed: the ServiceEvents' `poke` (specs observe it). */
    private readonly afterCommit: () => void = () => this.poke(),
  ) {}

  private get schema(): string {
    return this.opts.service;
  }

  /**
   * Starts publishing; reports the backlog as `dcp_outbox_pending{service}` and
   * `dcp_outbox_oldest_pending_age_seconds{service}`, and answers it to operators (`GET /admin/v1/outbox`).
   */
  start(): void {
    const service = this.opts.service;
    // The admin route asks every service of OUTBOX_SERVICES: one missing there would be an outbox nobody sees.
    if (!isOutboxService(service)) throw new Error(`${service}-service starts an outbox relay but is not in OUTBOX_SERVICES (libs/contracts/src/admin-lookup.ts)`);
    this.ctx.rpcServer.handleContract(outboxBacklogContract(service), () => outboxBacklog(this.opts.client, this.schema));
    const relay = new OutboxRelay({ schema: this.schema, client: this.opts.client, events: this.ctx.events, logger: this.busLogger, runPrepared: this.opts.run });
    this.relay = relay;
    const labels = { service };
    this.ctx.metrics.sample('dcp_outbox_pending', async () => [{ labels, value: (await outboxBacklog(this.opts.client, this.schema)).pending }]);
    this.ctx.metrics.sample('dcp_outbox_oldest_pending_age_seconds', async () => [{ labels, value: (await outboxBacklog(this.opts.client, this.schema)).oldestAgeSeconds }]);
    relay.start();
    this.ctx.shutdown.register('outbox', `${service} outbox`, () => stopOutboxAfterLastFlush(relay));
  }

  poke(): void {
    this.relay?.poke();
  }

  draft<K extends EventKey, F extends keyof EventPayload<K> & string>(key: K, known: Omit<EventPayload<K>, F>, completedBy: readonly F[]): EventDraft {
    return draftEvent(key, known, completedBy);
  }

  publishWritten(payloads: readonly unknown[]): void {
    const valid: EventEnvelope[] = [];
    for (const payload of payloads) {
      try {
        valid.push(parseEventEnvelope(typeof payload === 'string' ? JSON.parse(payload) : payload));
      } catch (err) {
        this.logger.error(`a statement wrote an invalid event into the ${this.opts.service} outbox: ${err instanceof Error ? err.message : String(err)}`);
        this.afterCommit();
      }
    }
    // Straight from the envelopes the statement returned, without a relay pass (OB1).
    if (valid.length > 0) this.relay?.publishCommitted(valid);
  }

  async transaction<R>(fn: (tx: Tx) => Promise<R>, options?: TransactionOptions): Promise<R> {
    const state: OpenTransaction = { enqueued: false };
    const result = await this.opts.client.$transaction((tx) => this.within(tx, state, () => fn(tx)), options);
    // The relay, not the fast path (OB1): events of busy producers then reach the consumers in batches.
    if (state.enqueued) this.afterCommit();
    return result;
  }

  async enqueue<K extends EventKey>(tx: Tx, key: K, payload: EventPayload<K>): Promise<void> {
    const state = this.open.get(tx);
    if (!state) throw new Error(`${this.opts.service}-service enqueued ${EVENTS[key].subject} outside a transaction of its ServiceEvents`);
    await enqueueEvent(tx, this.schema, buildEvent(key, payload));
    state.enqueued = true;
  }

  /** A transaction that enqueued (a reaction's inbox transaction, a statement that wrote outbox rows) committed. */
  committed(): void {
    this.afterCommit();
  }

  /** Runs `fn` with `tx` open for enqueues (a transaction of the outbox, or a reaction's inbox transaction). */
  async within<R>(tx: Tx, state: OpenTransaction, fn: () => Promise<R>): Promise<R> {
    this.open.set(tx, state);
    try {
      return await fn();
    } finally {
      this.open.delete(tx);
    }
  }

  async stop(): Promise<void> {
    await this.relay?.stop();
    this.relay = undefined;
  }
}
