import { randomUUID } from 'node:crypto';
import { EVENTS, parseEventEnvelope, type EventEnvelope, type EventKey, type EventPayload } from '@dcp/contracts';
import type { BuildEvent } from './api';

/** A new, validated envelope: uuid id, ISO occurredAt, payload checked against the event's schema. */
export const buildEvent: BuildEvent = <K extends EventKey>(key: K, data: EventPayload<K>, source: string = EVENTS[key].source): EventEnvelope<K> =>
  parseEventEnvelope({ id: randomUUID(), type: EVENTS[key].subject, occurredAt: new Date().toISOString(), source, data }) as EventEnvelope<K>;
