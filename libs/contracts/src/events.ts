import { z } from 'zod';
import { CANONICAL_MAC, normalizeMac } from './mac';
import { PUSH_PROVIDERS } from './push';

/**
 * Platform events (JetStream stream DCP_EVENTS). Subjects follow `dcp.<service>.<entity>.<past-tense>.v1`.
 * Each event has one payload schema, validated by the publisher before it enters the outbox and by every
 * consumer on arrival. `docs/asyncapi.json` is generated from this table (`npm run docs:asyncapi`).
 */
export const EVENT_STREAM = 'DCP_EVENTS';
export const EVENT_SUBJECT_WILDCARD = 'dcp.*.*.*.v1';

/**
 * A MAC in an event: published in the canonical form (12 upper-case hex digits, D1), read in any accepted
 * spelling and normalised on arrival. Events published before D1 changed carry `AA:BB:CC:DD:EE:FF` and stay
 * in the stream (and in outboxes and dead letters) until they are consumed: consumers see the canonical form.
 * Anything that is not a MAC is refused.
 */
const eventMac = z
  .string()
  .max(20)
  .transform((value) => normalizeMac(value) ?? value)
  .pipe(z.string().regex(CANONICAL_MAC, 'not a MAC address'))
  .describe('device MAC, canonical form: 12 upper-case hex digits (06626E63FBA5); events published before this form carry 06:62:6E:63:FB:A5, which consumers normalise');

const userRef = {
  userId: z.number().int().positive(),
  openId: z.string().min(1).max(40),
  clientId: z.string().min(1).max(40),
  uuid: z.string().min(1).max(128),
};

/** Which delivery of which alarm message, to whom and through what (push-service's delivery events, decisions PS11). */
const deliveryFacts = {
  deliveryId: z.string().uuid(),
  messageId: z.string().uuid(),
  userId: z.number().int().positive(),
  macAddr: eventMac,
  clientId: z.string(),
  provider: z.enum(PUSH_PROVIDERS),
};

export const EVENTS = {
  userUpdated: {
    subject: 'dcp.sso.user.updated.v1',
    source: 'sso-service',
    description: 'A shadow account was created or refreshed from the merchant (login or UPDATE callback).',
    schema: z.object({ ...userRef, created: z.boolean() }).strict(),
  },
  userDeleted: {
    subject: 'dcp.sso.user.deleted.v1',
    source: 'sso-service',
    description: 'A DELETE callback removed the shadow account; every service removes what the user owned.',
    schema: z.object(userRef).strict(),
  },
  deviceBound: {
    subject: 'dcp.device.device.bound.v1',
    source: 'device-service',
    description: 'A device was bound to a user (addOemDevice).',
    schema: z.object({ macAddr: eventMac, userId: z.number().int().positive(), oemCode: z.string().max(20) }).strict(),
  },
  deviceUnbound: {
    subject: 'dcp.device.device.unbound.v1',
    source: 'device-service',
    description: 'A device binding ended: by its user, by a force unbind, or because the user was deleted.',
    schema: z
      .object({
        macAddr: eventMac,
        userId: z.number().int().positive(),
        reason: z.enum(['user', 'force', 'user-deleted']),
      })
      .strict(),
  },
  grantRevoked: {
    subject: 'dcp.permission.grant.revoked.v1',
    source: 'permission-service',
    description: 'An authorization record ended before its term: its user was deleted, or the device it served was unbound.',
    schema: z
      .object({
        grantId: z.number().int().positive(),
        userId: z.number().int().positive(),
        ipcMac: eventMac.nullable(),
        permissionCode: z.string().min(1).max(64),
        reason: z.enum(['user-deleted', 'device-unbound']),
      })
      .strict(),
  },
  alarmReceived: {
    subject: 'dcp.push.alarm.received.v1',
    source: 'push-service',
    description: 'A camera\'s alarm was accepted: a new message of the user\'s message center, or merged into one (storm control, decisions PS4).',
    schema: z
      .object({
        messageId: z.string().uuid(),
        userId: z.number().int().positive(),
        macAddr: eventMac,
        type: z.number().int().min(0).max(65535),
        /** The camera's time of this alarm, epoch seconds. */
        time: z.number().int(),
        count: z.number().int().positive(),
        merged: z.boolean(),
        hasPicture: z.boolean(),
      })
      .strict(),
  },
  alarmDelivered: {
    subject: 'dcp.push.alarm.delivered.v1',
    source: 'push-service',
    description: 'A new alarm message reached a push provider (FCM, APNs) or the merchant\'s push server for one of the user\'s endpoints (decisions PS11).',
    schema: z
      .object({
        ...deliveryFacts,
        attempts: z.number().int().positive(),
        /** From the alarm's acceptance to the provider's answer, milliseconds. */
        latencyMs: z.number().int().nonnegative(),
      })
      .strict(),
  },
  alarmDeliveryFailed: {
    subject: 'dcp.push.alarm.failed.v1',
    source: 'push-service',
    description: 'A delivery of an alarm message ended without reaching the provider (decisions PS11): the token was invalid (the endpoint was removed), the provider refused it, or the attempts ran out (a dead letter operators may replay).',
    schema: z
      .object({
        ...deliveryFacts,
        attempts: z.number().int().nonnegative(),
        reason: z.enum(['invalid_token', 'rejected', 'exhausted']),
        error: z.string(),
      })
      .strict(),
  },
} as const;

export type EventKey = keyof typeof EVENTS;
export type EventSubject = (typeof EVENTS)[EventKey]['subject'];
export type EventPayload<K extends EventKey> = z.infer<(typeof EVENTS)[K]['schema']>;

/** The envelope every event travels in (libs/messaging/README.md). */
export interface EventEnvelope<K extends EventKey = EventKey> {
  /** UUID; also the JetStream `Nats-Msg-Id` and the consumer's inbox key. */
  id: string;
  type: (typeof EVENTS)[K]['subject'];
  occurredAt: string;
  source: string;
  data: EventPayload<K>;
  /** The call the event was enqueued in (request id, W3C trace context): its consumers continue that trace. */
  callContext?: EventCallContext;
}

/** What an envelope carries of the producer's call context; absent for events enqueued outside a call. */
export interface EventCallContext {
  requestId?: string;
  traceparent?: string;
  tracestate?: string;
}

/**
 * Bounded but lenient: a field out of bounds is dropped alone, a context of another shape as a whole, and
 * consumers check each field again (TR4); none of it ever makes the event undeliverable.
 */
export const eventCallContextSchema = z
  .object({
    requestId: z.string().max(100).optional().catch(undefined).describe('the edge request id (x-request-id) of the call that enqueued the event'),
    traceparent: z.string().max(55).optional().catch(undefined).describe('W3C traceparent of the span that enqueued the event; consumer spans are its children'),
    tracestate: z.string().max(512).optional().catch(undefined).describe('W3C tracestate travelling with traceparent'),
  })
  .strict();

const bySubject = new Map<string, EventKey>(Object.entries(EVENTS).map(([k, v]) => [v.subject, k as EventKey]));

export function eventKeyForSubject(subject: string): EventKey | undefined {
  return bySubject.get(subject);
}

const envelopeShape = z
  .object({
    id: z.string().uuid(),
    type: z.string(),
    occurredAt: z.string().datetime({ offset: true }),
    source: z.string().min(1),
    data: z.unknown(),
    callContext: eventCallContextSchema.optional().catch(undefined),
  })
  .strict();

/** Validates an incoming envelope and its payload; throws a descriptive error when either is wrong. */
export function parseEventEnvelope(raw: unknown): EventEnvelope {
  const env = envelopeShape.parse(raw);
  const key = eventKeyForSubject(env.type);
  if (!key) throw new Error(`unknown event type ${env.type}`);
  const data = EVENTS[key].schema.parse(env.data);
  return { ...env, type: EVENTS[key].subject, data } as EventEnvelope;
}
