/**
 * Test helper: record the spans a spec makes, in memory, and wait for one to end without sleeping.
 *
 *   const spans = new RecordedSpans();
 *   useTracerProvider(spans.provider);          // @dcp/observability
 *   … drive the flow …
 *   const consumed = await spans.ended((s) => s.name === 'process dcp.sso.user.deleted.v1');
 *   await stopTracing();
 */
import { BasicTracerProvider, InMemorySpanExporter, type ReadableSpan, SimpleSpanProcessor, type SpanProcessor } from '@opentelemetry/sdk-trace-base';

interface Waiter {
  predicate: (span: ReadableSpan) => boolean;
  resolve: (span: ReadableSpan) => void;
}

export class RecordedSpans {
  private readonly exporter = new InMemorySpanExporter();
  private readonly waiters = new Set<Waiter>();

  /** The provider to make spans with: every span it ends is kept in memory. */
  readonly provider: BasicTracerProvider;

  constructor() {
    const notify: SpanProcessor = {
      onStart: () => undefined,
      onEnd: (span) => {
        for (const w of this.waiters) {
          if (!w.predicate(span)) continue;
          this.waiters.delete(w);
          w.resolve(span);
        }
      },
      forceFlush: async () => undefined,
      shutdown: async () => undefined,
    };
    this.provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(this.exporter), notify] });
  }

  /** Every span ended so far. */
  get finished(): ReadableSpan[] {
    return this.exporter.getFinishedSpans();
  }

  /** The first ended span matching `predicate`: one already ended, or the next to end; rejects after the timeout. */
  ended(predicate: (span: ReadableSpan) => boolean, timeoutMs = 10_000): Promise<ReadableSpan> {
    const done = this.finished.find(predicate);
    if (done) return Promise.resolve(done);
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        predicate,
        resolve: (span) => {
          clearTimeout(timer);
          resolve(span);
        },
      };
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        reject(new Error(`no span matching the predicate ended within ${timeoutMs} ms; ended: ${this.finished.map((s) => s.name).join(', ')}`));
      }, timeoutMs);
      this.waiters.add(waiter);
    });
  }
}

/** The span's parent span id (undefined for a root span). */
export function parentSpanIdOf(span: ReadableSpan): string | undefined {
  return span.parentSpanContext?.spanId;
}
