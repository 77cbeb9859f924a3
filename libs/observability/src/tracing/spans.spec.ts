import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { BasicTracerProvider, InMemorySpanExporter, type ReadableSpan, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { type CallContext, currentCallContext, runWithCallContext, traceIdOf } from '../call-context';
import { stopTracing, useTracerProvider } from './active-tracer';
import { consumeInCallContext, serveInCallContext } from './messaging-spans';
import { runInSpan } from './spans';
import { parseTraceparent } from './trace-ids';

const CALLER: CallContext = { requestId: 'req-7', traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01', tracestate: 'vendor=abc' };

describe('spans with tracing off', () => {
  it('serves a request in the caller\'s context as it came (no span, no copy)', async () => {
    await expect(serveInCallContext('dcp.rpc.sso.x', CALLER, async () => currentCallContext())).resolves.toBe(CALLER);
  });

  it('consumes an event in the context it was enqueued in, and outside any call when it carries none', async () => {
    const seen = await consumeInCallContext({ subject: 'dcp.sso.user.deleted.v1', id: 'e1', consumer: 'device-service', callContext: CALLER }, async () => currentCallContext());
    expect(seen).toEqual(CALLER);
    const outer = await runWithCallContext(CALLER, () => consumeInCallContext({ subject: 'dcp.sso.user.deleted.v1', id: 'e2', consumer: 'device-service' }, async () => currentCallContext()));
    expect(outer).toEqual({});
  });
});

const parentSpanIdOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;

describe('spans with tracing on', () => {
  // Spans end before the work's promise settles, so the exporter holds them once it is awaited.
  let spans: InMemorySpanExporter;
  beforeEach(() => {
    spans = new InMemorySpanExporter();
    useTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spans)] }));
  });
  afterEach(() => stopTracing());

  it('makes the span a child of the caller and the span the current context of the work it wraps', async () => {
    const inside = await serveInCallContext('dcp.rpc.sso.userCallback', CALLER, async () => currentCallContext());
    const [span] = spans.getFinishedSpans();
    expect(span.name).toBe('dcp.rpc.sso.userCallback');
    expect(span.kind).toBe(SpanKind.SERVER);
    expect(span.spanContext().traceId).toBe(traceIdOf(CALLER.traceparent));
    expect(parentSpanIdOf(span)).toBe(parseTraceparent(CALLER.traceparent)?.spanId);
    expect(inside).toEqual({ requestId: 'req-7', traceparent: `00-${span.spanContext().traceId}-${span.spanContext().spanId}-01`, tracestate: 'vendor=abc' });
  });

  it('continues the producer\'s trace in a consumer span', async () => {
    await consumeInCallContext({ subject: 'dcp.sso.user.deleted.v1', id: 'e3', consumer: 'permission-service', callContext: CALLER }, async () => undefined);
    const [span] = spans.getFinishedSpans();
    expect(span).toMatchObject({ name: 'process dcp.sso.user.deleted.v1', kind: SpanKind.CONSUMER });
    expect(span.attributes).toMatchObject({ 'messaging.consumer.group.name': 'permission-service', 'messaging.message.id': 'e3' });
    expect(parentSpanIdOf(span)).toBe(parseTraceparent(CALLER.traceparent)?.spanId);
  });

  it('starts a new trace when the stored context is malformed', async () => {
    const inside = await consumeInCallContext(
      { subject: 'dcp.sso.user.deleted.v1', id: 'e4', consumer: 'device-service', callContext: { requestId: 'req-8', traceparent: '00-zz-01' } },
      async () => currentCallContext(),
    );
    const [span] = spans.getFinishedSpans();
    expect(parentSpanIdOf(span)).toBeUndefined();
    expect(inside?.requestId).toBe('req-8');
    expect(traceIdOf(inside?.traceparent)).toBe(span.spanContext().traceId);
  });

  it('marks the span failed when the work throws, and re-throws', async () => {
    await expect(runInSpan({ name: 'failing', kind: SpanKind.INTERNAL }, undefined, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    const [span] = spans.getFinishedSpans();
    expect(span.status).toEqual({ code: SpanStatusCode.ERROR, message: 'boom' });
    expect(span.events.map((e) => e.name)).toEqual(['exception']);
  });
});
