/**
 * What goes wrong inside the OpenTelemetry SDK (a collector that cannot be reached, spans dropped from a full
 * queue) goes to the process's log as `context: tracing` lines; by default the SDK says nothing. Loaded with
 * the SDK only (otel-sdk.ts).
 */
import { type DiagLogFunction, type DiagLogger, DiagLogLevel, diag } from '@opentelemetry/api';
import { setGlobalErrorHandler } from '@opentelemetry/core';
import { contextLogger } from '../logging';
import { reportExportFailure } from './export-failures';

/** Routes the SDK's export failures, warnings and errors into the process's log (from when tracing starts). */
export function logSdkDiagnostics(): void {
  const log = contextLogger('tracing');
  const to =
    (level: 'error' | 'warn' | 'info' | 'debug' | 'trace'): DiagLogFunction =>
    (message, ...args) =>
      log[level](args.length > 0 ? { details: args.map((a) => (a instanceof Error ? a.message : a)) } : {}, message);
  const logger: DiagLogger = { error: to('error'), warn: to('warn'), info: to('info'), debug: to('debug'), verbose: to('trace') };
  diag.setLogger(logger, { logLevel: DiagLogLevel.WARN, suppressOverrideMessage: true });
  setGlobalErrorHandler(reportExportFailure);
}
