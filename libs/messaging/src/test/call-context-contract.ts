/**
 * How every bus adapter carries the call context (TR2, TR3): into the handler of a request, and from the call
 * an event was built in into its consumers' handlers; with tracing on, as server and consumer spans that
 * continue the caller's trace. Run against the in-process bus and real NATS.
 */
import { EVENTS } from '@dcp/contracts';
import { type CallContext, currentCallContext, parseTraceparent, runWithCallContext, stopTracing, useTracerProvider } from '@dcp/observability';
import { Collector, RecordedSpans, parentSpanIdOf, uniqueName } from '@dcp/testing';
import { SpanKind } from '@opentelemetry/api';
import type { Bus } from '../api';
import { buildEvent } from '../build-event';
import type { BusHarness } from './bus-contract';
import { recordingLogger } from './helpers';

const CALLER: CallContext = { requestId: 'req-42', traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01', tracestate: 'vendor=abc' };

const userDeleted = () => buildEvent('userDeleted', { userId: 7, openId: 'open-7', clientId: 'client-1', uuid: 'uuid-7' });

export function callContextSuite(name: string, makeHarness: () => BusHarness): void {
  describe(`${name}: call context`, () => {
    const harness = makeHarness();
    let bus: Bus;
    beforeEach(async () => {
      bus = await harness.create(recordingLogger());
    });
    afterEach(() => bus.close());
    afterAll(() => harness.cleanup());

    const subject = () => `dcp.rpc.sso.context-${uniqueName('t').toLowerCase()}`;
    const answerWithContext = (s: string) => bus.rpcServer.handle(s, async () => ({ ...currentCallContext() }));
    const consumeContexts = async (seen: Collector<CallContext | undefined>) => {
      await bus.events.consume({ durable: uniqueName('ctx'), subjects: [EVENTS.userDeleted.subject], ackWaitMs: 10_000 }, async () => seen.push(currentCallContext()), async () => undefined);
    };

    it('serves a request in the caller\'s call context', async () => {
      const s = subject();
      answerWithContext(s);
      await expect(runWithCallContext(CALLER, () => bus.rpcClient.requestRaw(s, {}))).resolves.toEqual(CALLER);
    });

    it('serves a request made outside any call outside any call', async () => {
      const s = subject();
      answerWithContext(s);
      await expect(bus.rpcClient.requestRaw(s, {})).resolves.toEqual({});
    });

    it('keeps the call an event was built in with the event, and runs its consumers in it', async () => {
      const event = runWithCallContext(CALLER, userDeleted);
      expect(event.callContext).toEqual(CALLER);
      const seen = new Collector<CallContext | undefined>();
      await consumeContexts(seen);
      await bus.events.publish(event);
      const [ctx] = await seen.until((xs) => xs.length === 1, 'the consumer\'s handler');
      expect(ctx).toEqual(CALLER);
    });

    it('runs a listener (subscribe) in the call the event was built in', async () => {
      const seen = new Collector<CallContext | undefined>();
      const listening = await bus.events.subscribe([EVENTS.userDeleted.subject], () => seen.push(currentCallContext()));
      await bus.events.publish(runWithCallContext(CALLER, userDeleted));
      const [ctx] = await seen.until((xs) => xs.length === 1, 'the listener');
      expect(ctx).toEqual(CALLER);
      await listening.stop();
    });

    it('logs a failed delivery in the call the event was built in', async () => {
      const warned = new Collector<CallContext | undefined>();
      const logging = await harness.create({ ...recordingLogger(), warn: () => warned.push(currentCallContext()) });
      try {
        await logging.events.consume({ durable: uniqueName('ctx'), subjects: [EVENTS.userDeleted.subject], ackWaitMs: 10_000, maxDeliver: 3, retryDelayMs: 60_000 }, () => Promise.reject(new Error('not yet')), async () => undefined);
        await logging.events.publish(runWithCallContext(CALLER, userDeleted));
        const [ctx] = await warned.until((xs) => xs.length === 1, 'the retry warning');
        expect(ctx).toEqual(CALLER);
      } finally {
        await logging.close();
      }
    });

    it('runs the consumers of an event built outside any call outside any call', async () => {
      const event = userDeleted();
      expect(event.callContext).toBeUndefined();
      const seen = new Collector<CallContext | undefined>();
      await consumeContexts(seen);
      await bus.events.publish(event);
      const [ctx] = await seen.until((xs) => xs.length === 1, 'the consumer\'s handler');
      expect(ctx).toEqual({});
    });

    describe('with tracing on', () => {
      let spans: RecordedSpans;
      beforeEach(() => {
        spans = new RecordedSpans();
        useTracerProvider(spans.provider);
      });
      afterEach(() => stopTracing());

      it('serves a request in a server span, child of the caller\'s span', async () => {
        const s = subject();
        answerWithContext(s);
        const inside = (await runWithCallContext(CALLER, () => bus.rpcClient.requestRaw(s, {}))) as CallContext;
        const span = await spans.ended((x) => x.name === s);
        expect(span.kind).toBe(SpanKind.SERVER);
        expect(parentSpanIdOf(span)).toBe(parseTraceparent(CALLER.traceparent)?.spanId);
        expect(parseTraceparent(inside.traceparent)).toEqual({ traceId: span.spanContext().traceId, spanId: span.spanContext().spanId, flags: 1 });
        expect(inside.requestId).toBe(CALLER.requestId);
      });

      it('consumes an event in a consumer span, child of the span it was built in', async () => {
        const seen = new Collector<CallContext | undefined>();
        await consumeContexts(seen);
        await bus.events.publish(runWithCallContext(CALLER, userDeleted));
        const span = await spans.ended((x) => x.name === `process ${EVENTS.userDeleted.subject}`);
        expect(span.kind).toBe(SpanKind.CONSUMER);
        expect(span.spanContext().traceId).toBe(parseTraceparent(CALLER.traceparent)?.traceId);
        expect(parentSpanIdOf(span)).toBe(parseTraceparent(CALLER.traceparent)?.spanId);
        const [ctx] = await seen.until((xs) => xs.length === 1, 'the consumer\'s handler');
        expect(parseTraceparent(ctx?.traceparent)?.spanId).toBe(span.spanContext().spanId);
      });
    });
  });
}
