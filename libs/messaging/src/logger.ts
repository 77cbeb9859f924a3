import { contextLogger } from '@dcp/observability';
import type { BusLogger } from './api';

/**
 * The bus's lines as JSON lines of the process's logger (libs/observability), `context` naming the part
 * that logged: an Error goes out as `err` (message and stack, credentials masked), anything else that
 * came with an error report (a malformed reply, say) as `detail`, credentials masked too.
 */
export function busLogger(context = 'messaging'): BusLogger {
  return {
    error: (message, error) => contextLogger(context).error(error === undefined ? {} : error instanceof Error ? { err: error } : { detail: error }, message),
    warn: (message) => contextLogger(context).warn(message),
    info: (message) => contextLogger(context).info(message),
  };
}

/** What the bus logs through when its config names no logger. */
export const defaultBusLogger: BusLogger = busLogger();

export function describeError(err: unknown): string {
  if (err instanceof Error) return err.message;
  return typeof err === 'string' ? err : JSON.stringify(err) ?? String(err);
}
