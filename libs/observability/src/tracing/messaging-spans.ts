/**
 * The two places a call crosses the bus and continues on the other side: a request served (RPC server span)
 * and an event consumed (consumer span, child of the span that enqueued the event). Both adapters (NATS and
 * in-process) use these, so the trace continues the same way embedded and distributed.
 */
import { type CallContext, runWithCallContext } from '../call-context';
import { activeTracer } from './active-tracer';
import { callContextOfEvent } from './event-call-context';
import { NO_CALL, SpanKind, runInSpan } from './spans';

/** Serves one request inside the caller's call context (headers or in-process), under a server span when tracing is on. */
export function serveInCallContext<T>(subject: string, caller: CallContext | undefined, fn: () => Promise<T>): Promise<T> {
  if (!activeTracer()) return runWithCallContext(caller ?? NO_CALL, fn);
  return runInSpan({ name: subject, kind: SpanKind.SERVER, attributes: { 'rpc.system': 'nats', 'rpc.method': subject } }, caller, fn);
}

export interface ConsumedEvent {
  /** The event's subject (its type). */
  subject: string;
  /** The envelope id. */
  id: string;
  /** The consuming service's durable name. */
  consumer: string;
  /** The call context stored with the event when it was enqueued (absent for events enqueued outside a call); checked here. */
  callContext?: CallContext;
}

/** Runs a consumer's handler inside the context the event was enqueued in, under a consumer span when tracing is on. */
export function consumeInCallContext<T>(event: ConsumedEvent, fn: () => Promise<T>): Promise<T> {
  const producer = callContextOfEvent(event.callContext);
  if (!activeTracer()) return runWithCallContext(producer ?? NO_CALL, fn);
  return runInSpan(
    {
      name: `process ${event.subject}`,
      kind: SpanKind.CONSUMER,
      attributes: {
        'messaging.system': 'nats',
        'messaging.operation.type': 'process',
        'messaging.destination.name': event.subject,
        'messaging.consumer.group.name': event.consumer,
        'messaging.message.id': event.id,
      },
    },
    producer,
    fn,
  );
}
