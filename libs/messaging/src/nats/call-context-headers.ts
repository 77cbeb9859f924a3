/** The call context in NATS message headers (`traceparent`, `tracestate`, `x-request-id`; TR2). */
import { type CallContext, callContextFromHeaders, currentCallContext, writeCallContextHeaders } from '@dcp/observability';
import { type MsgHdrs, headers } from '@nats-io/transport-node';

/** Headers carrying the current call context, or undefined outside a call (then the request has none). */
export function callContextHeaders(ctx: CallContext | undefined = currentCallContext()): MsgHdrs | undefined {
  if (!ctx || (!ctx.traceparent && !ctx.requestId)) return undefined;
  const h = headers();
  writeCallContextHeaders(ctx, (name, value) => h.set(name, value));
  return h;
}

/** The caller's call context from a request's headers; malformed values are dropped. */
export function callContextOfMessage(msg: { headers?: MsgHdrs }): CallContext | undefined {
  const h = msg.headers;
  return h ? callContextFromHeaders((name) => (h.has(name) ? h.get(name) : undefined)) : undefined;
}
