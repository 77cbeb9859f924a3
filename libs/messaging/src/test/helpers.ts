/** Test helpers for this lib's specs: a logger that records, and a handler that resolves waiters on arrival. */
import type { EventEnvelope } from '@dcp/contracts';
import type { BusLogger, DeadLetter } from '../api';
import { Collector, gate } from '@dcp/testing';

export function recordingLogger(): BusLogger & { errors: string[]; warnings: string[]; errorObjects: unknown[] } {
  const errors: string[] = [];
  const warnings: string[] = [];
  const errorObjects: unknown[] = [];
  return {
    errors,
    warnings,
    errorObjects,
    error: (m, e) => {
      errors.push(m);
      errorObjects.push(e);
    },
    warn: (m) => warnings.push(m),
    info: () => undefined,
  };
}

export { Collector, gate };

export const envelopes = () => new Collector<EventEnvelope>();
export const deadLetters = () => new Collector<DeadLetter>();

