/**
 * The tracer spans are made with, or none: with none (the SDK is off) the span helpers only carry the call
 * context and never touch OpenTelemetry, which keeps the hot path free of SDK work.
 */
import type { Tracer, TracerProvider } from '@opentelemetry/api';
import { reportExportFailure } from './export-failures';

/** A provider the process can flush before it exits (the SDK's providers can). */
export type FlushableTracerProvider = TracerProvider & { forceFlush?(): Promise<void>; shutdown?(): Promise<void> };

export const TRACER_NAME = '@dcp/observability';

let tracer: Tracer | undefined;
let provider: FlushableTracerProvider | undefined;

/** Makes spans with `next` from now on (startTracing does it; specs pass a provider with an in-memory exporter); undefined stops. */
export function useTracerProvider(next: FlushableTracerProvider | undefined): void {
  provider = next;
  tracer = next?.getTracer(TRACER_NAME);
}

export function activeTracer(): Tracer | undefined {
  return tracer;
}

/**
 * Exports the spans still buffered (the batch processor holds them up to 5 s): the runtime's shutdown calls it.
 * A collector that cannot be reached is logged, not thrown: the process still exits cleanly.
 */
export async function flushTracing(): Promise<void> {
  try {
    await provider?.forceFlush?.();
  } catch (failure) {
    reportExportFailure(failure);
  }
}

/** Stops making spans and shuts the provider down (exports what it holds): specs that start tracing end with it. */
export async function stopTracing(): Promise<void> {
  const stopped = provider;
  useTracerProvider(undefined);
  await stopped?.shutdown?.();
}
