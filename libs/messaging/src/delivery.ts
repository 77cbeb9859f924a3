/**
 * What happens to one delivered event, the same for both adapters: a valid envelope goes to the handler
 * (bounded by ackWait); success acks, failure asks for a delayed redelivery, and the last allowed failure (or
 * an envelope that can never be handled) goes to the dead-letter sink and is terminated.
 */
import { eventKeyForSubject, parseEventEnvelope, type EventEnvelope } from '@dcp/contracts';
import { consumeInCallContext, runInEventCallContext } from '@dcp/observability';
import type { BusLogger, ConsumerOptions, DeadLetter, DeadLetterVerdict } from './api';
import { DEFAULT_ACK_WAIT_MS, DEFAULT_MAX_DELIVER } from './defaults';
import { describeError } from './logger';

export type DeliveryOutcome = 'ack' | 'retry' | 'terminate';

export interface ResolvedConsumerOptions {
  durable: string;
  subjects: string[];
  maxDeliver: number;
  ackWaitMs: number;
  retryDelayMs: number;
  onRedelivery?: (subject: string, deliveryCount: number) => void;
}

export function resolveConsumerOptions(opts: ConsumerOptions): ResolvedConsumerOptions {
  if (!/^[A-Za-z0-9_-]+$/.test(opts.durable)) throw new Error(`durable name "${opts.durable}" may only hold letters, digits, '-' and '_'`);
  if (opts.subjects.length === 0) throw new Error(`consumer ${opts.durable} needs at least one subject`);
  for (const s of opts.subjects) if (!eventKeyForSubject(s)) throw new Error(`consumer ${opts.durable}: unknown event subject ${s}`);
  const ackWaitMs = opts.ackWaitMs ?? DEFAULT_ACK_WAIT_MS;
  return { durable: opts.durable, subjects: [...opts.subjects], maxDeliver: Math.max(1, opts.maxDeliver ?? DEFAULT_MAX_DELIVER), ackWaitMs, retryDelayMs: opts.retryDelayMs ?? ackWaitMs, onRedelivery: opts.onRedelivery };
}

export interface Delivery {
  /** The decoded message body (JSON), or the raw text when it was not JSON. */
  body: unknown;
  subject: string;
  /** 1 for the first delivery. */
  deliveryCount: number;
}

export type EventHandler = (envelope: EventEnvelope) => Promise<void>;
export type DeadLetterSink = (dl: DeadLetter) => Promise<DeadLetterVerdict | void>;

export async function deliver(
  delivery: Delivery,
  opts: ResolvedConsumerOptions,
  handler: EventHandler,
  onDeadLetter: DeadLetterSink,
  logger: BusLogger,
): Promise<DeliveryOutcome> {
  if (delivery.deliveryCount > 1) opts.onRedelivery?.(delivery.subject, delivery.deliveryCount);
  let envelope: EventEnvelope;
  try {
    envelope = parseEventEnvelope(delivery.body);
  } catch (err) {
    return deadLetter(delivery, opts, `invalid envelope: ${describeError(err)}`, onDeadLetter, logger);
  }
  if (delivery.deliveryCount > opts.maxDeliver) {
    // Earlier attempts ran out (a hung handler, or a dead-letter sink that failed): no more handler runs.
    return deadLetter(delivery, opts, `not handled after ${opts.maxDeliver} deliveries`, onDeadLetter, logger, envelope);
  }
  // Whatever is logged about this delivery is logged in the call the event was enqueued in (TR4).
  return runInEventCallContext(envelope.callContext, () => handle(delivery, envelope, opts, handler, onDeadLetter, logger));
}

async function handle(
  delivery: Delivery,
  envelope: EventEnvelope,
  opts: ResolvedConsumerOptions,
  handler: EventHandler,
  onDeadLetter: DeadLetterSink,
  logger: BusLogger,
): Promise<DeliveryOutcome> {
  try {
    // The handler runs under a consumer span, child of the span that enqueued the event, when tracing is on.
    const consumed = { subject: delivery.subject, id: envelope.id, consumer: opts.durable, callContext: envelope.callContext };
    await withTimeout(consumeInCallContext(consumed, () => handler(envelope)), opts.ackWaitMs, `handler did not finish within ${opts.ackWaitMs} ms`);
    return 'ack';
  } catch (err) {
    const reason = describeError(err);
    if (delivery.deliveryCount >= opts.maxDeliver) return deadLetter(delivery, opts, reason, onDeadLetter, logger, envelope);
    logger.warn(`${opts.durable}: ${delivery.subject} ${envelope.id} failed (delivery ${delivery.deliveryCount}/${opts.maxDeliver}), retrying: ${reason}`);
    return 'retry';
  }
}

async function deadLetter(
  delivery: Delivery,
  opts: ResolvedConsumerOptions,
  error: string,
  sink: DeadLetterSink,
  logger: BusLogger,
  envelope?: EventEnvelope,
): Promise<DeliveryOutcome> {
  const dl: DeadLetter = { envelope: envelope ?? delivery.body, subject: delivery.subject, durable: opts.durable, deliveries: delivery.deliveryCount, error };
  try {
    // The sink logs an event it found applied already (FD2); only a recorded one is reported here.
    if ((await sink(dl)) !== 'already-applied') logger.warn(`${opts.durable}: ${delivery.subject} dead-lettered after ${delivery.deliveryCount} deliveries: ${error}`);
    return 'terminate';
  } catch (err) {
    // Keep the message: it will come back and the sink will be tried again.
    logger.error(`${opts.durable}: dead-letter sink failed for ${delivery.subject}`, err);
    return 'retry';
  }
}

function withTimeout<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
