/**
 * The AsyncAPI 3 document of the platform's events, generated from EVENTS (the same zod schemas producers
 * and consumers validate with). `npm run docs:asyncapi` writes docs/asyncapi.json; a spec fails when the
 * committed document differs from what the code says.
 */
import { z } from 'zod';
import { EVENTS, EVENT_STREAM, eventCallContextSchema } from './events';

export function buildAsyncApiDocument(): Record<string, unknown> {
  const channels: Record<string, unknown> = {};
  const operations: Record<string, unknown> = {};
  const messages: Record<string, unknown> = {};
  for (const [key, e] of Object.entries(EVENTS)) {
    messages[key] = {
      name: e.subject,
      title: key,
      summary: e.description,
      contentType: 'application/json',
      headers: { type: 'object', properties: { 'Nats-Msg-Id': { type: 'string', description: 'equals the envelope id (deduplication)' } } },
      payload: {
        type: 'object',
        required: ['id', 'type', 'occurredAt', 'source', 'data'],
        additionalProperties: false,
        properties: {
          id: { type: 'string', format: 'uuid', description: 'event id; consumers keep it in their inbox to apply each event once' },
          type: { const: e.subject },
          occurredAt: { type: 'string', format: 'date-time' },
          source: { const: e.source },
          data: z.toJSONSchema(e.schema),
          callContext: { ...z.toJSONSchema(eventCallContextSchema), description: 'the call that enqueued the event (absent outside a call); consumers run in it and continue its trace' },
        },
      },
    };
    channels[key] = { address: e.subject, messages: { [key]: { $ref: `#/components/messages/${key}` } } };
    operations[`publish_${key}`] = { action: 'send', channel: { $ref: `#/channels/${key}` }, summary: `${e.source} publishes through its transactional outbox` };
  }
  return {
    asyncapi: '3.0.0',
    info: {
      title: 'Device Cloud Platform events',
      version: '1.0.0',
      description: `Durable events on the JetStream stream ${EVENT_STREAM} (file storage, 7-day retention). Consume with a durable pull consumer and explicit ack; deduplicate by envelope id.`,
    },
    defaultContentType: 'application/json',
    servers: { nats: { host: 'nats:4222', protocol: 'nats', description: 'NATS with JetStream' } },
    channels,
    operations,
    components: { messages },
  };
}
