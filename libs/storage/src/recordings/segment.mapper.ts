import type { SegmentView } from '@dcp/contracts';
import type { Segment } from './segment';

/** A segment as the operator and recorders see it (STORAGE_RPC.ingestSegment's reply). */
export function toSegmentView(s: Segment): SegmentView {
  return {
    segmentId: s.id,
    devId: s.macAddr,
    userId: s.userId,
    start: s.start,
    duration: s.durationMs / 1000,
    type: s.type,
    bytes: s.bytes,
    createdAt: s.createdAt.toISOString(),
  };
}
