/**
 * The call context on the wire (HTTP and NATS headers): `traceparent`, `tracestate` (W3C trace context) and
 * `x-request-id`. Extraction trusts nothing: a malformed traceparent is dropped (with its tracestate), an
 * oversized tracestate or an unsafe request id is ignored, so a caller can never break a log line or a span.
 */
import type { CallContext } from '../call-context';
import { isValidTraceparent } from './trace-ids';

export const TRACEPARENT_HEADER = 'traceparent';
export const TRACESTATE_HEADER = 'tracestate';
export const REQUEST_ID_HEADER = 'x-request-id';

/** The request ids the edge makes or accepts (libs/edge/src/http/request-id.ts keeps the same rule). */
const SAFE_REQUEST_ID = /^[\w.:-]{1,100}$/;
/** W3C allows 32 list members of at most 256 characters; anything longer is not worth carrying. */
const MAX_TRACESTATE = 512;

/** Reads one header value by its lower-case name. */
export type HeaderReader = (name: string) => string | undefined;

/** The call context carried by headers, or undefined when they carry none worth keeping. */
export function callContextFromHeaders(read: HeaderReader): CallContext | undefined {
  return checkedCallContext({ requestId: read(REQUEST_ID_HEADER), traceparent: read(TRACEPARENT_HEADER), tracestate: read(TRACESTATE_HEADER) });
}

/** The fields of a context from elsewhere (headers, a stored event) that are well-formed, or undefined when none is. */
export function checkedCallContext(given: CallContext): CallContext | undefined {
  const requestId = safeRequestId(given.requestId);
  const traceparent = isValidTraceparent(given.traceparent) ? given.traceparent : undefined;
  const tracestate = traceparent ? boundedTracestate(given.tracestate) : undefined;
  if (requestId === undefined && traceparent === undefined) return undefined;
  return { requestId, traceparent, tracestate };
}

/** Writes the context's fields that are set, through `write` (a NATS headers object, an HTTP request). */
export function writeCallContextHeaders(ctx: CallContext | undefined, write: (name: string, value: string) => void): void {
  if (!ctx) return;
  if (ctx.traceparent) write(TRACEPARENT_HEADER, ctx.traceparent);
  if (ctx.tracestate) write(TRACESTATE_HEADER, ctx.tracestate);
  if (ctx.requestId) write(REQUEST_ID_HEADER, ctx.requestId);
}

/** A tracestate worth carrying: at most 512 characters (W3C: 32 members of at most 256), else none. */
export function boundedTracestate(value: string | undefined): string | undefined {
  return value && value.length <= MAX_TRACESTATE ? value : undefined;
}

export function safeRequestId(value: string | undefined): string | undefined {
  return value !== undefined && SAFE_REQUEST_ID.test(value) ? value : undefined;
}
