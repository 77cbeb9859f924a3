/**
 * The camera upload protocol's two HTTP routes (decisions CU1–CU7, CU10; README "Cloud recording from a
 * camera"): `GET /camera/v1/upload-target` (discovery) and `POST /camera/v1/segments` (the upload). Two hosts
 * serve them with the same routes, parsers and refusals: storage-service itself on CAMERA_UPLOAD_PORT (the
 * bytes go straight to the service that stores them; the Ingress routes the store host's `/camera` there) and
 * the edge, which forwards over the bus (embedded mode, and deployments that route `/camera` to the edge). The
 * host supplies what answers them; refusals come back as the catalogue's HTTP status with
 * `{ errorCode, failureDetails, serverTime }` (and `Retry-After` on CR0429), so a camera can correct its
 * clock, back off or stop.
 *
 * Plain Fastify routes in a context of their own (like /hls): the body parser for `video/mp2t` and
 * `application/octet-stream` with the segment limit applies to them alone, and no merchant rate limit does
 * (cameras are limited per device by storage-service's quotas).
 */
import { type CameraRequest, type CameraSegmentStored, type CameraUploadTarget, ErrorCode, PlatformError, STORAGE_LIMITS, errorDefinition, errorEnvelope } from '@dcp/contracts';
import { CAMERA_OPERATIONS } from '@dcp/signing';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../host/context';

/** What answers the protocol's two operations on a host: the use cases themselves, or the bus to them. */
export interface CameraHandlers {
  uploadTarget(values: CameraRequest): Promise<CameraUploadTarget>;
  uploadSegment(values: CameraRequest, body: Buffer): Promise<CameraSegmentStored>;
}

/** The query parameters of the protocol; anything else is ignored (cameras may add their own). */
const PARAMETERS = ['mac', 'userTag', 'start', 'duration', 'type', 'timestamp', 'signature'] as const;
/** Longest value taken (every protocol value is far shorter). */
const MAX_VALUE = 128;
const SEGMENT_TYPES = ['video/mp2t', 'application/octet-stream'];

/** Where the protocol's paths live (CAMERA_OPERATIONS); the Ingress routes this prefix. */
export const CAMERA_PREFIX = '/camera';
const underPrefix = (path: string) => {
  if (!path.startsWith(`${CAMERA_PREFIX}/`)) throw new Error(`camera path ${path} is not under ${CAMERA_PREFIX}`);
  return path.slice(CAMERA_PREFIX.length);
};

export async function registerCameraRoutes(app: FastifyInstance, ctx: { handlers: CameraHandlers; clock: Clock }): Promise<void> {
  const { handlers, clock } = ctx;
  await app.register(async (camera) => {
    camera.removeAllContentTypeParsers();
    camera.addContentTypeParser(SEGMENT_TYPES, { parseAs: 'buffer', bodyLimit: STORAGE_LIMITS.maxSegmentBytes }, (_req, body, done) => done(null, body));
    camera.setErrorHandler((err, req, reply) => answerRefusal(err, req, reply, clock));
    camera.get(underPrefix(CAMERA_OPERATIONS.uploadTarget.path), async (req, reply) => {
      const data = await handlers.uploadTarget(protocolValues(req.query));
      return reply.status(200).header('cache-control', 'no-store').send({ errorCode: '000000', data });
    });
    camera.post(underPrefix(CAMERA_OPERATIONS.segment.path), async (req, reply) => {
      const body = req.body;
      if (!Buffer.isBuffer(body)) throw new PlatformError(ErrorCode.CAMERA_SEGMENT_NOT_MPEG_TS, `send the segment as the raw body with Content-Type ${SEGMENT_TYPES[0]}`);
      const data = await handlers.uploadSegment(protocolValues(req.query), body);
      return reply.status(data.duplicate ? 200 : 201).header('cache-control', 'no-store').send({ errorCode: '000000', data });
    });
  }, { prefix: CAMERA_PREFIX });
}

function protocolValues(query: unknown): CameraRequest {
  return cameraQueryValues(query, PARAMETERS);
}

/**
 * A camera request's query values by name (uploads, alarms), each given once; a repeated or over-long one counts
 * as absent (then refused as missing). Anything not named is ignored (cameras may add their own).
 */
export function cameraQueryValues<N extends string>(query: unknown, names: readonly N[]): Record<N, string | undefined> {
  const q = (query ?? {}) as Record<string, unknown>;
  const out = {} as Record<N, string | undefined>;
  for (const name of names) {
    const value = q[name];
    out[name] = typeof value === 'string' && value.length <= MAX_VALUE ? value : undefined;
  }
  return out;
}

/**
 * A refusal in the protocol's form. Fastify's own (a body over the limit, an unsupported Content-Type, a
 * malformed URL) are mapped to CR0413 / CR0415 / CR0400; anything unexpected is 000099 with HTTP 503, which
 * a camera retries with backoff.
 */
export function answerRefusal(exception: unknown, req: FastifyRequest, reply: FastifyReply, clock: Clock): void {
  const err = fromFramework(exception) ?? PlatformError.from(exception);
  const camera = err.code.startsWith('CAMERA_');
  const status = camera ? errorDefinition(err.code).httpStatus : 503;
  const retryAfter = err.extra?.retryAfterSeconds;
  if (typeof retryAfter === 'number') void reply.header('retry-after', String(retryAfter));
  const { errorCode, failureDetails } = errorEnvelope(err);
  void reply
    .status(status)
    .header('x-request-id', req.id)
    .header('cache-control', 'no-store')
    .header('content-type', 'application/json; charset=utf-8')
    .send({ errorCode, failureDetails, serverTime: Math.floor(clock.now() / 1000) });
}

function fromFramework(exception: unknown): PlatformError | undefined {
  const code = (exception as { code?: unknown })?.code;
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') return new PlatformError(ErrorCode.CAMERA_SEGMENT_TOO_LARGE, `the segment is larger than the limit of ${STORAGE_LIMITS.maxSegmentBytes} bytes`);
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return new PlatformError(ErrorCode.CAMERA_SEGMENT_NOT_MPEG_TS, `send the segment as the raw body with Content-Type ${SEGMENT_TYPES[0]}`);
  if (code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || code === 'FST_ERR_CTP_INVALID_CONTENT_LENGTH') return new PlatformError(ErrorCode.CAMERA_PARAMETER_INVALID, 'invalid parameter body: unreadable');
  return undefined;
}
