import { PlatformError } from './platform-error';

/** Spec 2.1: every response carries errorCode ('' on success) and failureDetails. */
export interface Envelope<T = unknown> {
  errorCode: string;
  failureDetails: string;
  data?: T;
  [extra: string]: unknown;
}

export function successEnvelope<T>(data?: T, extra: Record<string, unknown> = {}): Envelope<T> {
  const body: Envelope<T> = { errorCode: '', failureDetails: '', ...extra };
  if (data !== undefined) body.data = data;
  return body;
}

export function errorEnvelope(err: PlatformError, extra: Record<string, unknown> = {}): Envelope<never> {
  return { errorCode: err.value, failureDetails: err.failureDetails, ...err.extra, ...extra };
}
