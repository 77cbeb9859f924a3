/**
 * Publishes the outbox (libs/messaging/README.md). Rows are taken in order with FOR UPDATE SKIP LOCKED, so
 * replicas of a service never send the same row at once; a row is marked published only after the bus
 * acked it. When publishing fails the row stays, its attempts/last_error are recorded and the relay backs
 * off, then drains everything once the bus is back. `poke()` after a commit publishes without waiting;
 * `publishCommitted(envelopes)` publishes what this replica has just committed without a relay pass at all.
 */
import { parseEventEnvelope, type EventEnvelope } from '@dcp/contracts';
import type { BusLogger, EventBus } from '../api';
import { EVENT_RETENTION_MS } from '../defaults';
import { defaultBusLogger, describeError } from '../logger';
import { qualifiedTable, type SqlClient, type TransactionalSqlClient } from './sql-client';

export interface OutboxRelayOptions {
  /** The service's PostgreSQL schema holding outbox_event. */
  schema: string;
  client: TransactionalSqlClient;
  events: Pick<EventBus, 'publish'>;
  logger?: BusLogger;
  /** Poll for rows committed without a poke (other replicas, crashes). Default 1000 ms. */
  pollIntervalMs?: number;
  batchSize?: number;
  /** Backoff after a failed publish: doubles from initial up to max. Defaults 500 ms / 30 s. */
  backoffInitialMs?: number;
  backoffMaxMs?: number;
  /** Published rows are deleted after this long. Default 7 days (the stream's retention). */
  retainPublishedMs?: number;
  /**
   * Runs a named prepared statement (the service database's hot-statement runner, decisions PF4): the fast
   * path's marking UPDATE then skips Prisma's raw-query machinery. Without it the UPDATE goes through `client`.
   */
  runPrepared?: (statement: PreparedStatement, params: readonly unknown[]) => Promise<unknown[]>;
}

/** A named prepared statement, shaped as the database lib's HotStatement. */
export interface PreparedStatement {
  readonly name: string;
  readonly text: string;
  readonly lane: 'requests';
}

export interface RelayPassResult {
  published: number;
  /** The error of the publish that stopped this pass, if one did. */
  failure?: string;
  /** More rows may be waiting (the batch was full). */
  more: boolean;
}

const PURGE_EVERY_MS = 60 * 60 * 1000;
/** Rows one purge statement deletes, and statements one relay pass runs (decisions OB: purges in bounded batches). */
const PURGE_BATCH = 5_000;
const PURGE_BATCHES_A_PASS = 4;
/** Inbox rows outlive the stream's retention of the events they record, with a margin. */
const INBOX_RETENTION_MS = 2 * EVENT_RETENTION_MS;
const DEAD_LETTER_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
const MAX_ERROR_LENGTH = 2_000;

export class OutboxRelay {
  private readonly table: string;
  private readonly markStatement: PreparedStatement;
  private readonly logger: BusLogger;
  private running = false;
  private loop?: Promise<void>;
  private wake?: () => void;
  private poked = false;
  private failures = 0;
  private lastPurge = 0;
  /** A fast-path publish failed: commits go through the relay, in order, until a pass has drained the outbox. */
  private fastPathPaused = false;
  /** publishCommitted calls not finished yet: stop() waits for them. */
  private readonly inFlight = new Set<Promise<void>>();
  /** Rows published by the fast path, waiting to be marked (one UPDATE for all of them). */
  private unmarked: string[] = [];
  /** The UPDATE under way, if any: rows published meanwhile are marked by the next one (group commit). */
  private marking?: Promise<void>;

  constructor(private readonly opts: OutboxRelayOptions) {
    this.table = qualifiedTable(opts.schema, 'outbox_event');
    this.markStatement = {
      name: `${opts.schema}.outbox-mark-published`,
      text: `UPDATE ${this.table} SET published_at = now(), attempts = attempts + 1, last_error = NULL WHERE id = ANY($1::uuid[]) AND published_at IS NULL`,
      lane: 'requests',
    };
    this.logger = opts.logger ?? defaultBusLogger;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
    this.loop = undefined;
    await Promise.all(this.inFlight);
  }

  /** Publish now (call after committing a transaction that enqueued events). Ignored while backing off. */
  poke(): void {
    this.poked = true;
    if (this.failures === 0) this.wake?.();
  }

  /**
   * Publishes rows a transaction of this replica has just committed straight from the envelopes it wrote into
   * them, instead of a relay pass (BEGIN, SELECT … FOR UPDATE, UPDATE, COMMIT: four round trips and a
   * transaction per commit): the publishes in order, then one UPDATE marking the rows (decisions OB1). Returns
   * at once; the work is awaited by stop(). Only while the relay publishes normally: during a backoff the rows
   * wait behind the older ones and the relay is poked, and a publish or mark that fails leaves them pending
   * for the relay. A relay pass that picks such a row up meanwhile sends it again under the same Nats-Msg-Id,
   * of which the stream keeps one copy, and consumers apply an event once (inbox).
   */
  publishCommitted(envelopes: readonly EventEnvelope[]): void {
    if (envelopes.length === 0) return;
    if (!this.running || this.failures > 0 || this.fastPathPaused) {
      this.poke();
      return;
    }
    const work: Promise<void> = this.publishNow(envelopes).finally(() => this.inFlight.delete(work));
    this.inFlight.add(work);
  }

  private async publishNow(envelopes: readonly EventEnvelope[]): Promise<void> {
    for (const envelope of envelopes) {
      try {
        await this.opts.events.publish(envelope);
      } catch {
        // The relay records the failure on the row and backs off; the rows behind it keep their order.
        this.fastPathPaused = true;
        this.poke();
        break;
      }
      this.unmarked.push(envelope.id);
    }
    await this.markPublished();
  }

  /**
   * Marks the rows the fast path published. While one UPDATE runs, rows published meanwhile wait for the next,
   * which marks all of them: under load one UPDATE serves many commits, alone a row is marked at once.
   */
  private async markPublished(): Promise<void> {
    while (this.marking) await this.marking;
    if (this.unmarked.length === 0) return;
    const ids = this.unmarked;
    this.unmarked = [];
    const update = this.opts.runPrepared
      ? this.opts.runPrepared(this.markStatement, [ids])
      : this.opts.client.$executeRawUnsafe(this.markStatement.text, ids);
    this.marking = update
      .then(
        () => undefined,
        (err: unknown) => {
          // Still pending: the relay's next pass publishes them again (the stream drops the copies).
          this.logger.warn(`outbox ${this.opts.schema}: marking ${ids.length} published row(s) failed, the relay sends them again: ${describeError(err)}`);
        },
      )
      .finally(() => (this.marking = undefined));
    await this.marking;
  }

  /** Rows not yet published (metrics). */
  async pending(): Promise<number> {
    const rows = await this.opts.client.$queryRawUnsafe<Array<{ n: number | bigint }>>(`SELECT count(*)::int AS n FROM ${this.table} WHERE published_at IS NULL`);
    return Number(rows[0]?.n ?? 0);
  }

  /** One pass over the oldest pending rows, stopping at the first publish that fails (order is kept). */
  async publishPending(): Promise<RelayPassResult> {
    const batchSize = this.opts.batchSize ?? 100;
    return this.opts.client.$transaction(
      async (tx) => {
        const rows = await tx.$queryRawUnsafe<Array<{ id: string; payload: unknown }>>(
          `SELECT id::text AS id, payload FROM ${this.table} WHERE published_at IS NULL ORDER BY seq LIMIT $1 FOR UPDATE SKIP LOCKED`,
          batchSize,
        );
        // Marked in one statement at the end of the pass (also when a publish fails part-way): one round trip, not one per row.
        const published: string[] = [];
        const markPublished = () =>
          published.length === 0
            ? Promise.resolve(0)
            : tx.$executeRawUnsafe(`UPDATE ${this.table} SET published_at = now(), attempts = attempts + 1, last_error = NULL WHERE id = ANY($1::uuid[])`, published);
        for (const row of rows) {
          let envelope: EventEnvelope;
          try {
            envelope = parseEventEnvelope(typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload);
          } catch (err) {
            // Cannot succeed by retrying: recorded and skipped so it does not block the rows behind it.
            await this.recordFailure(tx, row.id, `invalid envelope: ${describeError(err)}`);
            this.logger.error(`outbox ${this.opts.schema}: row ${row.id} holds an invalid envelope`, err);
            continue;
          }
          try {
            await this.opts.events.publish(envelope);
          } catch (err) {
            await markPublished();
            await this.recordFailure(tx, row.id, describeError(err));
            return { published: published.length, failure: describeError(err), more: true };
          }
          published.push(row.id);
        }
        await markPublished();
        return { published: published.length, more: rows.length === batchSize };
      },
      // Publishing happens inside the transaction (the row lock is what keeps replicas apart).
      { maxWait: 10_000, timeout: 60_000 },
    );
  }

  private recordFailure(tx: SqlClient, id: string, error: string): Promise<number> {
    return tx.$executeRawUnsafe(`UPDATE ${this.table} SET attempts = attempts + 1, last_error = $2 WHERE id = $1::uuid`, id, error.slice(0, MAX_ERROR_LENGTH));
  }

  private async run(): Promise<void> {
    while (this.running) {
      this.poked = false;
      let delay = this.opts.pollIntervalMs ?? 1_000;
      try {
        const pass = await this.publishPending();
        if (pass.failure !== undefined) {
          this.failures++;
          delay = this.backoff();
          if (this.failures === 1 || this.failures % 10 === 0) this.logger.warn(`outbox ${this.opts.schema}: publish failed (${this.failures}x), retrying in ${delay} ms: ${pass.failure}`);
        } else {
          if (this.failures > 0) this.logger.info(`outbox ${this.opts.schema}: publishing again after ${this.failures} failed attempt(s)`);
          this.failures = 0;
          if (pass.more) continue;
          this.fastPathPaused = false;
          await this.purgeOld();
        }
      } catch (err) {
        this.failures++;
        delay = this.backoff();
        this.logger.error(`outbox ${this.opts.schema}: relay pass failed, retrying in ${delay} ms`, err);
      }
      if (this.running && !(this.poked && this.failures === 0)) await this.sleep(delay);
    }
  }

  private backoff(): number {
    const initial = this.opts.backoffInitialMs ?? 500;
    return Math.min(initial * 2 ** Math.min(this.failures - 1, 20), this.opts.backoffMaxMs ?? 30_000);
  }

  /**
   * The service's messaging tables kept bounded, each purge in batches of PURGE_BATCH through an index, each
   * batch its own short statement, at most PURGE_BATCHES_A_PASS a table and pass (a backlog of millions is
   * worked off over the next passes instead of one DELETE the relay loop waits seconds on): published events
   * older than the stream keeps them; inbox rows INBOX_RETENTION_MS after they were processed (no delivery of
   * an event the stream no longer holds can come); dead letters DEAD_LETTER_RETENTION_MS after an operator
   * resolved them (never an open one).
   */
  private async purgeOld(): Promise<void> {
    if (Date.now() - this.lastPurge < PURGE_EVERY_MS) return;
    const schema = this.opts.schema;
    const done = await Promise.all([
      this.purgeBatches(qualifiedTable(schema, 'outbox_event'), 'id', 'published_at', this.opts.retainPublishedMs ?? EVENT_RETENTION_MS),
      this.purgeBatches(qualifiedTable(schema, 'inbox_event'), 'durable, event_id', 'processed_at', INBOX_RETENTION_MS),
      this.purgeBatches(qualifiedTable(schema, 'dead_letter_event'), 'id', 'resolved_at', DEAD_LETTER_RETENTION_MS),
    ]);
    // Done everywhere: look again in PURGE_EVERY_MS; a full last batch means more are left for the next pass.
    if (done.every(Boolean)) this.lastPurge = Date.now();
  }

  /** Deletes the rows of `table` whose `at` is older than `olderThanMs`, oldest first, in batches by `key`; true when none is left. */
  private async purgeBatches(table: string, key: string, at: string, olderThanMs: number): Promise<boolean> {
    for (let batch = 0; batch < PURGE_BATCHES_A_PASS; batch++) {
      const deleted = await this.opts.client.$executeRawUnsafe(
        `DELETE FROM ${table} WHERE (${key}) IN (SELECT ${key} FROM ${table} WHERE ${at} < now() - ($1::bigint * interval '1 millisecond') ORDER BY ${at} LIMIT $2::int)`,
        olderThanMs,
        PURGE_BATCH,
      );
      if (deleted < PURGE_BATCH) return true;
    }
    return false;
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wake = done;
    });
  }
}
