import type { BusLogger } from './api';

/** Default logger: one line per message on stderr/stdout, the error's stack when there is one. */
export const consoleBusLogger: BusLogger = {
  error: (message, error) => console.error(`[messaging] ${message}`, ...(error === undefined ? [] : [error])),
  warn: (message) => console.warn(`[messaging] ${message}`),
  info: (message) => console.info(`[messaging] ${message}`),
};

export function describeError(err: unknown): string {
  if (err instanceof Error) return err.message;
  return typeof err === 'string' ? err : JSON.stringify(err) ?? String(err);
}
