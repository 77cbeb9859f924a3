import { randomUUID } from 'node:crypto';
import { EVENTS, parseEventEnvelope, type EventEnvelope, type EventKey, type EventPayload } from '@dcp/contracts';
import { callContextForEvent } from '@dcp/observability';
import type { BuildEvent } from './api';

/**
 * A new, validated envelope: uuid id, ISO occurredAt, payload checked against the event's schema, and the
 * call context it is built in (so the outbox row keeps it and consumers continue the trace, TR3).
 */
export const buildEvent: BuildEvent = <K extends EventKey>(key: K, data: EventPayload<K>, source: string = EVENTS[key].source): EventEnvelope<K> =>
  parseEventEnvelope({ id: randomUUID(), type: EVENTS[key].subject, occurredAt: new Date().toISOString(), source, data, callContext: callContextForEvent() }) as EventEnvelope<K>;
