/** Recordings (storage-service): admin routes (the table is admin-routes.ts). */
import { ADMIN_LOOKUP_RPC, STORAGE_LIMITS, STORAGE_RPC, adminPlaybackBodySchema } from '@dcp/contracts';
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
  {
    method: 'GET',
    path: '/devices/{mac}/recordings',
    summary: 'Without day: the UTC days with recordings of the device\'s owner (the days of record.date.query\'s hours), YYYY-MM-DD; with day=YYYY-MM-DD: that day\'s clips (as record.query: start, end, type)',
    tag: 'recordings',
    contract: ADMIN_LOOKUP_RPC.recordings,
    status: 200,
    query: ['day', 'limit', 'offset'],
    toRequest: ({ params, query }) => ({ mac: params.mac, day: query.day, limit: query.limit, offset: query.offset }),
  },
  {
    method: 'POST',
    path: '/devices/{mac}/playback',
    summary: `The signed HLS playlist URL of a window of the device's recordings, as record.play gives apps (start < end ≤ start + ${STORAGE_LIMITS.playWindowSeconds} s, epoch seconds; valid ${STORAGE_LIMITS.playbackUrlTtlSeconds} s)`,
    tag: 'recordings',
    contract: ADMIN_LOOKUP_RPC.playback,
    status: 200,
    readsOnly: true,
    body: adminPlaybackBodySchema,
    toRequest: ({ params, body }) => ({ mac: params.mac, body }),
  },
];
