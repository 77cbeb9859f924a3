/** A recorded segment as storage-service works with it (times as numbers; the row keeps a bigint start). */
export interface Segment {
  id: string;
  /** Canonical MAC. */
  macAddr: string;
  userId: number;
  /** Epoch seconds. */
  start: number;
  durationMs: number;
  type: number;
  objectKey: string;
  bytes: number;
  createdAt: Date;
}

/** End of a segment in epoch milliseconds (exclusive). */
export function segmentEndMs(s: Pick<Segment, 'start' | 'durationMs'>): number {
  return s.start * 1000 + s.durationMs;
}
