/**
 * W3C traceparent parsing and cheap minting. Minting draws from a pooled block of random bytes (refilled
 * every 256 ids), so the edge can give every request a trace id without the SDK and without a syscall each.
 */
import { randomFillSync } from 'node:crypto';

export interface TraceparentParts {
  traceId: string;
  spanId: string;
  /** The trace-flags byte (bit 0: sampled). */
  flags: number;
}

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;
const ALL_ZERO = /^0+$/;

/** The parts of a version-00 traceparent, or undefined when it is absent, malformed or has an all-zero id. */
export function parseTraceparent(traceparent: string | undefined): TraceparentParts | undefined {
  if (!traceparent) return undefined;
  const m = TRACEPARENT.exec(traceparent);
  if (!m || ALL_ZERO.test(m[1]) || ALL_ZERO.test(m[2])) return undefined;
  return { traceId: m[1], spanId: m[2], flags: parseInt(m[3], 16) };
}

export function isValidTraceparent(traceparent: string | undefined): traceparent is string {
  return parseTraceparent(traceparent) !== undefined;
}

export function formatTraceparent(traceId: string, spanId: string, flags: number): string {
  return `00-${traceId}-${spanId}-${(flags & 0xff).toString(16).padStart(2, '0')}`;
}

const ID_BYTES = 24; // 16 (trace id) + 8 (span id)
const pool = Buffer.allocUnsafe(ID_BYTES * 256);
let offset = pool.length;

/**
 * A new traceparent with random ids, flagged not sampled: nothing records it (the SDK is off), it only ties
 * the log lines of one request together across processes.
 */
export function mintTraceparent(): string {
  if (offset === pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  const start = offset;
  offset += ID_BYTES;
  const traceparent = `00-${pool.toString('hex', start, start + 16)}-${pool.toString('hex', start + 16, start + ID_BYTES)}-00`;
  // An all-zero id is invalid (probability 2^-64): draw again rather than hand it out.
  return isValidTraceparent(traceparent) ? traceparent : mintTraceparent();
}
