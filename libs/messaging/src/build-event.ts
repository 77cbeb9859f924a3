import { randomUUID } from 'node:crypto';
import { EVENTS, parseEventEnvelope, type EventEnvelope, type EventKey, type EventPayload } from '@dcp/contracts';
import { callContextForEvent } from '@dcp/observability';
import type { BuildEvent } from './api';

/**
 * A new, validated envelope: uuid id, ISO occurredAt, payload checked against the event's schema, and the
 * call context it is built in (so the outbox row keeps it and consumers continue the trace, TR3).
 */
export const buildEvent: BuildEvent = <K extends EventKey>(key: K, data: EventPayload<K>, source: string = EVENTS[key].source): EventEnvelope<K> =>
  parseEventEnvelope({ ...envelopeHead(key, source), data }) as EventEnvelope<K>;

/** Everything of a new envelope but its data: uuid id, ISO occurredAt, the call context it is built in. */
function envelopeHead(key: EventKey, source: string) {
  return { id: randomUUID(), type: EVENTS[key].subject, occurredAt: new Date().toISOString(), source, callContext: callContextForEvent() };
}

/**
 * An event whose outbox row is written by one SQL statement together with the change it reports, outside an
 * interactive transaction (one round trip instead of BEGIN, statement, INSERT, COMMIT: decisions OB2). The
 * statement completes `data` with the fields only it knows (a new row's id): the envelope is
 * `envelope::jsonb || jsonb_build_object('data', data::jsonb || jsonb_build_object(<completedBy fields>))`.
 * What the caller knows is validated here; the whole envelope again before it is published.
 */
export interface EventDraft {
  id: string;
  subject: string;
  /** The envelope without `data`, as JSON (a jsonb parameter of the statement). */
  envelope: string;
  /** The data fields known before the statement, as JSON. */
  data: string;
}

type KnownDataSchema = { parse(v: unknown): unknown };
/** The schema of the known fields, per event and completed fields: built once (building one costs more than parsing). */
const knownDataSchemas = new Map<string, KnownDataSchema>();

function knownDataSchema(key: EventKey, completedBy: readonly string[]): KnownDataSchema {
  const id = `${key}:${[...completedBy].sort().join(',')}`;
  let schema = knownDataSchemas.get(id);
  if (!schema) {
    const omitted = Object.fromEntries(completedBy.map((field) => [field, true])) as Record<string, true>;
    schema = (EVENTS[key].schema as unknown as { omit(mask: Record<string, true>): KnownDataSchema }).omit(omitted);
    knownDataSchemas.set(id, schema);
  }
  return schema;
}

/**
 * The head of the envelopes one statement writes for many rows at once (a reaction written as one statement,
 * decisions OB3): type, occurredAt, source and call context as JSON, without `id`, which the statement draws
 * per row (`gen_random_uuid()`), and without `data`, which it builds from the rows. The relay validates each
 * envelope whole before publishing it.
 */
export function eventHeadJson(key: EventKey): string {
  const { id: _id, ...head } = envelopeHead(key, EVENTS[key].source);
  return JSON.stringify(head);
}

export function draftEvent<K extends EventKey, F extends keyof EventPayload<K> & string>(key: K, known: Omit<EventPayload<K>, F>, completedBy: readonly F[]): EventDraft {
  const data = knownDataSchema(key, completedBy).parse(known);
  const head = envelopeHead(key, EVENTS[key].source);
  // JSON leaves out a callContext that is undefined (an event drafted outside any call).
  return { id: head.id, subject: head.type, envelope: JSON.stringify(head), data: JSON.stringify(data) };
}
