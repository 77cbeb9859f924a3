/**
 * The OpenTelemetry SDK set-up, in its own module so that a process with tracing off never loads the SDK
 * (start-tracing.ts requires this file only when an endpoint is configured).
 */
import { trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { defaultResource, detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import { type FlushableTracerProvider } from './active-tracer';
import { logSdkDiagnostics } from './sdk-diagnostics';

/**
 * A provider exporting over OTLP/HTTP through a batch processor, registered as the global one. The exporter
 * reads its endpoint, headers and timeout from the OTEL_EXPORTER_OTLP_* variables; the SDK reads the sampler
 * from OTEL_TRACES_SAMPLER / OTEL_TRACES_SAMPLER_ARG.
 */
export function createOtlpTracerProvider(appName: string): FlushableTracerProvider {
  const resource = defaultResource()
    .merge(resourceFromAttributes({ [ATTR_SERVICE_NAME]: appName }))
    // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES win over the app's name.
    .merge(detectResources({ detectors: [envDetector] }));
  logSdkDiagnostics();
  const provider = new NodeTracerProvider({ resource, spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())] });
  trace.setGlobalTracerProvider(provider);
  return provider;
}
