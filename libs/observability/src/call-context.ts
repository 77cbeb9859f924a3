/**
 * The context of the call being served: its request id (the edge's own) and its W3C trace
 * context. It follows the call across awaits (AsyncLocalStorage), across NATS request-reply (headers) and
 * across an event (stored with the outbox row, carried in the envelope), so that every log line and span of
 * one merchant request can be found together.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface CallContext {
  /** The edge's request id (its own, answered as x-request-id), unchanged through every hop. */
  readonly requestId?: string;
  /**
   * The caller's own x-request-id (well-formed), kept beside the platform's id on the edge's log lines
   * (decisions SDB3). It does not travel: services know a request by the platform's id.
   */
  readonly clientRequestId?: string;
  /** W3C traceparent of the current span: `00-<32 hex trace id>-<16 hex span id>-<2 hex flags>`. */
  readonly traceparent?: string;
  readonly tracestate?: string;
}

const storage = new AsyncLocalStorage<CallContext>();

/** Runs `fn` with `ctx` as the current call context (nested calls see it through every await). */
export function runWithCallContext<T>(ctx: CallContext, fn: () => T): T {
  return storage.run(ctx, fn);
}

/**
 * Makes `ctx` the current call context for the rest of this synchronous execution and everything it
 * starts (for framework hooks that cannot wrap the handler, e.g. Fastify's onRequest).
 */
export function enterCallContext(ctx: CallContext): void {
  storage.enterWith(ctx);
}

/** The context of the call being served, or undefined outside any call (start-up, timers). */
export function currentCallContext(): CallContext | undefined {
  return storage.getStore();
}

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/** The trace id of a W3C traceparent, or undefined when it is absent or malformed. */
export function traceIdOf(traceparent: string | undefined): string | undefined {
  const m = traceparent ? TRACEPARENT.exec(traceparent) : null;
  return m && !/^0+$/.test(m[1]) ? m[1] : undefined;
}
