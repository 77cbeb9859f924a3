/**
 * The call context an event is enqueued in, kept with the event (its envelope's `callContext`, so in the
 * outbox row's payload: no column of its own) so that its consumers continue the same trace and log the same
 * request id.
 */
import { type CallContext, currentCallContext, runWithCallContext } from '../call-context';
import { checkedCallContext } from './call-context-headers';
import { NO_CALL } from './spans';

/** The current call context as an envelope carries it (only the fields that are set), or undefined outside a call. */
export function callContextForEvent(): CallContext | undefined {
  const ctx = currentCallContext();
  if (!ctx || (!ctx.traceparent && !ctx.requestId)) return undefined;
  return { ...(ctx.requestId ? { requestId: ctx.requestId } : {}), ...(ctx.traceparent ? { traceparent: ctx.traceparent } : {}), ...(ctx.tracestate ? { tracestate: ctx.tracestate } : {}) };
}

/** An envelope's stored call context, checked like incoming headers (whatever is malformed is dropped). */
export function callContextOfEvent(stored: CallContext | undefined): CallContext | undefined {
  return stored ? checkedCallContext(stored) : undefined;
}

/** Runs `fn` in an event's stored call context (checked), or outside any call when it carries none. */
export function runInEventCallContext<T>(stored: CallContext | undefined, fn: () => T): T {
  return runWithCallContext(callContextOfEvent(stored) ?? NO_CALL, fn);
}
