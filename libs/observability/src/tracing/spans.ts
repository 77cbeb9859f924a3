/**
 * Spans that continue a call context. The context's traceparent is the one source of truth for "the current
 * span": a span started here is the child of the context it continues, and the code it wraps runs in a new
 * context whose traceparent is the span's own, so whatever that code sends (a NATS request, an event) carries
 * the span onward. With tracing off the context passes through as it came (TR2, TR5).
 */
import { type Attributes, type Span, SpanKind, SpanStatusCode, ROOT_CONTEXT, TraceFlags, trace } from '@opentelemetry/api';
import { type CallContext, runWithCallContext } from '../call-context';
import { activeTracer } from './active-tracer';
import { formatTraceparent, parseTraceparent } from './trace-ids';

export { SpanKind, SpanStatusCode, type Span };

export interface SpanSpec {
  name: string;
  kind: SpanKind;
  attributes?: Attributes;
}

/** What code outside any call runs with: nothing to put on its log lines. */
export const NO_CALL: CallContext = Object.freeze({});

/** A started span and the call context that continues it. */
export interface StartedSpan {
  span: Span;
  context: CallContext;
}

/** Starts a span as the child of `parent` (or a new trace when it has no valid traceparent), or undefined with tracing off. */
export function startSpan(spec: SpanSpec, parent: CallContext | undefined): StartedSpan | undefined {
  const tracer = activeTracer();
  if (!tracer) return undefined;
  const remote = parseTraceparent(parent?.traceparent);
  const parentContext = remote
    ? trace.setSpanContext(ROOT_CONTEXT, { traceId: remote.traceId, spanId: remote.spanId, traceFlags: remote.flags & TraceFlags.SAMPLED, isRemote: true })
    : ROOT_CONTEXT;
  const span = tracer.startSpan(spec.name, { kind: spec.kind, attributes: spec.attributes }, parentContext);
  const own = span.spanContext();
  const context: CallContext = { requestId: parent?.requestId, traceparent: formatTraceparent(own.traceId, own.spanId, own.traceFlags), tracestate: remote ? parent?.tracestate : undefined };
  return { span, context };
}

/** Marks the span failed with `err` (its message and an exception event). */
export function recordFailure(span: Span, err: unknown): void {
  span.recordException(err instanceof Error ? err : String(err));
  span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.message : String(err) });
}

/**
 * Runs `fn` as the work of one span continuing `parent` (a request served, an event consumed): a thrown
 * error marks the span failed and is re-thrown. With tracing off, `fn` runs in `parent` itself.
 */
export async function runInSpan<T>(spec: SpanSpec, parent: CallContext | undefined, fn: () => Promise<T>): Promise<T> {
  const started = startSpan(spec, parent);
  if (!started) return runWithCallContext(parent ?? NO_CALL, fn);
  try {
    return await runWithCallContext(started.context, fn);
  } catch (err) {
    recordFailure(started.span, err);
    throw err;
  } finally {
    started.span.end();
  }
}
