/**
 * Reactions written as one SQL statement (decisions OB3). The statement writes the consumer's inbox row and,
 * only when that row is new, the whole effect with the outbox rows of the events it publishes: one round trip
 * and no interactive transaction, where an EventReaction takes BEGIN, the inbox insert, the effect's queries,
 * each outbox insert and COMMIT, every one through Prisma's transaction machinery. Atomic all the same: a
 * statement commits whole or not at all, and an event delivered again finds its inbox row and changes nothing.
 *
 * For reactions whose effect is rows of the service's own schema (revoke, release, delete), and at most a
 * replica's own cache to clear first (`before`). One that needs code between its queries, or work outside
 * the database, stays an EventReaction.
 */
import { EVENTS, type EventEnvelope, type EventKey, type EventPayload, type ServiceName } from '@dcp/contracts';
import { hotStatement, type HotStatement } from '@dcp/database';

/** The head of the envelopes a reaction statement writes (the parameter `outboxEventsCte` names). */
export { eventHeadJson } from '@dcp/messaging';

/** What every reaction statement answers, in its one row. */
export interface StatementOutcome {
  /** False when the inbox already held the event: nothing was changed. */
  applied: boolean;
  /** How many outbox rows the statement wrote (the relay is poked when there are any). */
  enqueued: number;
}

export interface StatementReaction<K extends EventKey, Row extends StatementOutcome = StatementOutcome> {
  readonly event: K;
  /** Built with `reactionStatement`; `$1` is the event id. */
  readonly statement: HotStatement<Row>;
  /** Runs before the statement, on every delivery: what the replica keeps in memory about the event's subject (caches to clear). */
  before?(data: EventPayload<K>): void;
  /** The statement's parameters from `$2` on. */
  params(data: EventPayload<K>, envelope: EventEnvelope<K>): readonly unknown[];
  /** Runs after the statement applied the event (not for a duplicate): metrics and logs. */
  applied?(row: Row, data: EventPayload<K>): void;
}

/** Any service's statement reaction to any event. */
export type AnyStatementReaction = { [K in EventKey]: StatementReaction<K, StatementOutcome> }[EventKey];

export function isStatementReaction(reaction: object): reaction is AnyStatementReaction {
  return 'statement' in reaction && 'params' in reaction;
}

const SERVICE = /^[a-z]+$/;

function schemaOf(service: ServiceName): string {
  if (!SERVICE.test(service)) throw new Error(`invalid service name "${service}"`);
  return `"${service}"`;
}

/**
 * The statement of a reaction of `service`'s durable consumer:
 *
 *   WITH inbox AS (INSERT the inbox row … ON CONFLICT DO NOTHING RETURNING event_id), <ctes>
 *   SELECT EXISTS (SELECT 1 FROM inbox) AS applied, <select>
 *
 * Every data-modifying CTE must join `inbox` (`UPDATE … FROM inbox`, `DELETE … USING inbox`) so that it
 * changes nothing for an event already applied; `select` must answer `enqueued` (see `outboxEventsCte`).
 */
export function reactionStatement<Row extends StatementOutcome>(spec: { service: ServiceName; name: string; ctes: string; select: string }): HotStatement<Row> {
  const schema = schemaOf(spec.service);
  return hotStatement<Row>(
    `${spec.service}.react-${spec.name}`,
    `WITH inbox AS (
       INSERT INTO ${schema}."inbox_event" (durable, event_id, processed_at) VALUES ('${spec.service}-service', $1::uuid, now())
       ON CONFLICT (durable, event_id) DO NOTHING
       RETURNING event_id
     ), ${spec.ctes}
     SELECT EXISTS (SELECT 1 FROM inbox) AS applied, ${spec.select}`,
    'events',
  );
}

/**
 * The body of a CTE writing one `key` event per row of `from` into `service`'s outbox, in `order` (the relay
 * publishes by the outbox's seq, drawn in insertion order). `head` is the parameter holding
 * `eventHeadJson(key)`; `data` the event's data as a jsonb expression over the rows. Each envelope draws its
 * own id; RETURNING 1 lets the statement count them: `(SELECT count(*)::int FROM <cte>) AS enqueued`.
 */
export function outboxEventsCte(service: ServiceName, key: EventKey, spec: { head: `$${number}`; from: string; data: string; order: string }): string {
  const subject = EVENTS[key].subject;
  if (!/^[a-z0-9.]+$/.test(subject)) throw new Error(`unexpected subject ${subject}`);
  return `INSERT INTO ${schemaOf(service)}."outbox_event" (id, subject, payload, created_at)
       SELECT e.id, '${subject}', ${spec.head}::jsonb || jsonb_build_object('id', e.id, 'data', e.data), now()
       FROM (SELECT gen_random_uuid() AS id, ${spec.data} AS data, ${spec.order} AS position FROM ${spec.from}) AS e
       ORDER BY e.position
       RETURNING 1`;
}
