import { z } from 'zod';
import type { RpcContract } from './rpc';

/**
 * storage-service contracts (cloud storage, spec 2.8 and 4.5): recording ingest (the operator's admin route
 * and the subject a recorder publishes to), and the HLS playback the edge serves on `{store_url}/hls/…`.
 * Media bytes travel base64 inside the JSON request-reply messages: the edge stays the only HTTP surface.
 * The stream operations themselves (`record.*`) are gateway operations (`dcp.gateway.record.*`).
 */

const MiB = 1024 * 1024;

/** Bounds and fixed periods of cloud storage (docs/decisions.md, "Cloud storage"). */
export const STORAGE_LIMITS = {
  /**
   * Largest MPEG-TS segment accepted (bytes), enforced by the edge and by storage-service. Over NATS it travels
   * base64 (4/3) in JSON: the NATS server's `max_payload` must be at least 6 MiB (its default is 1 MiB).
   */
  maxSegmentBytes: 4 * MiB,
  /** Longest segment (seconds); also how far before a range's start a segment may begin and still overlap it. */
  maxSegmentSeconds: 600,
  /** Event types are integers 0 … this. */
  maxEventType: 65535,
  /** A stream call's `timestamp` must be later than server time and at most this far ahead (seconds). */
  maxTimestampAheadSeconds: 24 * 3600,
  /** Longest `recordSt` … `recordEt` range of record.query (seconds). */
  maxQueryRangeSeconds: 31 * 86400,
  /** record.play: the playlist covers recordSt … recordSt + this (seconds). */
  playWindowSeconds: 6 * 3600,
  /** Longest record.download clip (recordEt − recordSt), seconds. */
  maxClipSeconds: 600,
  /** Lifetime of a playback URL (playlist and its segment URLs), seconds. */
  playbackUrlTtlSeconds: 3600,
  /** Segments whose end is older than this are purged (days). */
  retentionDays: 30,
  /** Adjacent segments of one type form one clip when the next starts at most this long after the previous ends (seconds). */
  clipGapToleranceSeconds: 1,
} as const;

/**
 * A camera request as the edge received it (decisions CU1–CU5): the query string's values, unchecked
 * (storage-service parses them and answers CAMERA_* codes), and for an upload the body base64.
 */
export const cameraRequestSchema = z.object({
  mac: z.string().optional(),
  userTag: z.string().optional(),
  start: z.string().optional(),
  duration: z.string().optional(),
  type: z.string().optional(),
  timestamp: z.string().optional(),
  signature: z.string().optional(),
});
export type CameraRequest = z.infer<typeof cameraRequestSchema>;
export const cameraSegmentRequestSchema = cameraRequestSchema.extend({ contentBase64: z.string() });
export type CameraSegmentRequest = z.infer<typeof cameraSegmentRequestSchema>;

/** Where and within which limits a camera uploads (`GET /camera/v1/upload-target`). */
export const cameraUploadTargetSchema = z.object({
  uploadUrl: z.string().describe('POST each segment here (the store host): `{PUBLIC_STORE_URL}/camera/v1/segments`'),
  serverTime: z.number().int().describe('epoch seconds: the camera may set its clock offset from it'),
  maxSegmentBytes: z.number().int(),
  maxSegmentSeconds: z.number().int(),
  outOfOrderToleranceSeconds: z.number().int().describe('a segment may start at most this long before the newest stored one'),
  quotaBytesPerDay: z.number().int().describe('bytes a device may upload per UTC day'),
  quotaSegmentsPerMinute: z.number().int().describe('segments a device may upload per minute'),
  retentionDays: z.number().int().describe("the plan's rolling retention"),
  planEndsAt: z.number().int().describe('epoch ms: when the current plan ends'),
});
export type CameraUploadTarget = z.infer<typeof cameraUploadTargetSchema>;

/** A stored (or already stored: `duplicate`) camera segment. */
export const cameraSegmentStoredSchema = z.object({
  segmentId: z.string(),
  devId: z.string(),
  start: z.number().int(),
  duration: z.number(),
  type: z.number().int(),
  bytes: z.number().int(),
  duplicate: z.boolean().describe('true: this segment was stored before (a retry); nothing new was stored'),
});
export type CameraSegmentStored = z.infer<typeof cameraSegmentStoredSchema>;

/** A stored segment as the operator (and a recorder) sees it after ingest. */
export const segmentViewSchema = z.object({
  segmentId: z.string(),
  /** Canonical MAC: 12 upper-case hex digits (`AABBCCDDEEFF`, docs/decisions.md D1). */
  devId: z.string().describe('canonical MAC: 12 upper-case hex digits (06626E63FBA5)'),
  /** The device's owner at ingest time: only this user's playback sees the segment. */
  userId: z.number().int(),
  /** Epoch seconds. */
  start: z.number().int(),
  /** Seconds (millisecond precision). */
  duration: z.number(),
  type: z.number().int(),
  bytes: z.number().int(),
  createdAt: z.string(),
});
export type SegmentView = z.infer<typeof segmentViewSchema>;

/**
 * One segment to store. `start`, `duration` and `type` may be numbers or their decimal text (the admin route
 * forwards its query string); storage-service validates them (ADMIN_VALIDATION_FAILED naming the field).
 */
export const ingestSegmentRequestSchema = z.object({
  devId: z.string(),
  start: z.union([z.string(), z.number()]).optional(),
  duration: z.union([z.string(), z.number()]).optional(),
  type: z.union([z.string(), z.number()]).optional(),
  /** The MPEG-TS bytes, base64. */
  contentBase64: z.string(),
});
export type IngestSegmentRequest = z.infer<typeof ingestSegmentRequestSchema>;

/** A playlist request as the edge received it (path and query, unchecked: storage-service verifies). */
export const playlistRequestSchema = z.object({
  devId: z.string(),
  from: z.string().optional(),
  to: z.string().optional(),
  expires: z.string().optional(),
  sig: z.string().optional(),
  /** The scheme the player used (behind a TLS-terminating proxy: X-Forwarded-Proto): segment URLs use it too. */
  scheme: z.enum(['http', 'https']).optional(),
});
export const segmentRequestSchema = z.object({
  devId: z.string(),
  segmentId: z.string(),
  expires: z.string().optional(),
  sig: z.string().optional(),
});

/** A clip download as the edge received it (path and query, unchecked: storage-service verifies). */
export const clipRequestSchema = z.object({
  devId: z.string(),
  from: z.string().optional(),
  to: z.string().optional(),
  expires: z.string().optional(),
  sig: z.string().optional(),
});
/** The segments of a verified clip, in time order, each with its own signed segment URL's expires and sig. */
export const clipSegmentsSchema = z.object({
  macAddr: z.string(),
  segments: z.array(z.object({ segmentId: z.string(), expires: z.string(), sig: z.string() })),
});

/**
 * Playback refusals are PlatformErrors whose `extra.httpStatus` tells the edge the HTTP status: 403 for an
 * unsigned, tampered or expired URL, 404 for recordings that no longer exist (purged, device unbound).
 */
export const PLAYBACK_HTTP_STATUS = { denied: 403, gone: 404 } as const;

const storageContract = <Req extends z.ZodTypeAny, Res extends z.ZodTypeAny>(name: string, request: Req, response: Res): RpcContract<Req, Res> => ({
  subject: `dcp.rpc.storage.${name}`,
  owner: 'storage',
  request,
  response,
});

export const STORAGE_RPC = {
  /**
   * Stores one segment of a device's recording (`dcp.rpc.storage.ingest-segment`): the subject the admin
   * route calls, and the one a recorder publishes to (NATS request-reply; the reply is the segment view or a
   * serialized PlatformError). The device must have an owner (ADMIN_CONFLICT otherwise).
   */
  ingestSegment: storageContract('ingest-segment', ingestSegmentRequestSchema, segmentViewSchema),
  /** A camera's discovery: where to upload and the limits (decisions CU1). */
  cameraUploadTarget: storageContract('camera.upload-target', cameraRequestSchema, cameraUploadTargetSchema),
  /** A camera's segment upload (decisions CU1–CU5). */
  cameraSegment: storageContract('camera.segment', cameraSegmentRequestSchema, cameraSegmentStoredSchema),
  /** The HLS media playlist of a signed playback URL (`application/vnd.apple.mpegurl` text). */
  playlist: storageContract('playlist', playlistRequestSchema, z.object({ playlist: z.string() })),
  /**
   * The segments of a signed clip URL (record.download): the edge fetches each with `segment` and remuxes them
   * into the MP4 itself, so no message carries more than one segment (NATS max_payload).
   */
  clipSegments: storageContract('clip-segments', clipRequestSchema, clipSegmentsSchema),
  /** The bytes of one segment of a signed segment URL, base64. */
  segment: storageContract('segment', segmentRequestSchema, z.object({ contentBase64: z.string() })),
} as const;
