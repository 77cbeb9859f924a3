/** Recordings (storage-service): admin routes (the table is admin-routes.ts). */
import { STORAGE_LIMITS, STORAGE_RPC } from '@dcp/contracts';
import type { AdminRoute } from '../admin-route';

export const RECORDING_ROUTES: readonly AdminRoute[] = [
  {
    method: 'POST',
    path: '/devices/{devId}/segments',
    summary: 'Store one MPEG-TS segment of a device\'s recording (the device must be bound); start in epoch seconds, duration in seconds, type an event type 0–65535',
    tag: 'recordings',
    contract: STORAGE_RPC.ingestSegment,
    status: 201,
    query: ['start', 'duration', 'type'],
    rawBody: { contentType: 'video/mp2t', maxBytes: STORAGE_LIMITS.maxSegmentBytes, description: `The segment's MPEG-TS bytes, at most ${STORAGE_LIMITS.maxSegmentBytes} bytes` },
    toRequest: ({ params, query, body }) => ({
      devId: params.devId,
      start: query.start,
      duration: query.duration,
      type: query.type,
      contentBase64: (body as Buffer).toString('base64'),
    }),
  },
];
