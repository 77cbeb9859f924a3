/**
 * Starts the OpenTelemetry SDK when the standard variables ask for it (OTEL_EXPORTER_OTLP_ENDPOINT or
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT set). Without an endpoint, or with OTEL_SDK_DISABLED=true or
 * OTEL_TRACES_EXPORTER=none, the SDK is not even loaded: only the call context travels (TR1).
 */
import { useTracerProvider } from './active-tracer';

/** Whether the environment asks for spans to be exported. */
export function tracingRequested(env: NodeJS.ProcessEnv): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  if (env.OTEL_TRACES_EXPORTER?.trim().toLowerCase() === 'none') return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim());
}

/**
 * Called first thing in an app's main.ts with the app's name (the service name unless OTEL_SERVICE_NAME says
 * otherwise). Returns whether spans are exported; the runtime flushes them when it closes (flushTracing).
 */
export function startTracing(appName: string): boolean {
  if (!tracingRequested(process.env)) return false;
  // Loaded here, not imported: a process with tracing off never pays for the SDK.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const sdk = require('./otel-sdk') as typeof import('./otel-sdk');
  useTracerProvider(sdk.createOtlpTracerProvider(appName));
  return true;
}
