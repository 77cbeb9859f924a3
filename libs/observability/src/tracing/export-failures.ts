/** A failed span export, in the process's log (`context: tracing`), whether a flush or the batch timer hit it. */
import { contextLogger } from '../logging';

/** Logs a failed export (the SDK reports one error, or several at once from a flush). */
export function reportExportFailure(failure: unknown): void {
  const errors = Array.isArray(failure) ? failure : [failure];
  const reasons = errors.map((e) => (e instanceof Error ? e.message : typeof e === 'string' ? e : JSON.stringify(e)));
  contextLogger('tracing').error(`spans could not be exported: ${reasons.join('; ')}`);
}
