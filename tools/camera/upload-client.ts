/**
 * The two requests of the camera upload protocol (docs/decisions.md CU1–CU4), signed with the streamId, and
 * their answers sorted into what a camera can act on: accepted, refused with a CRxxxx code, or unavailable
 * (5xx, network error, timeout) — which is always worth retrying.
 */
import { CAMERA_OPERATIONS, signCameraRequest, type CameraSignInput } from '@dcp/signing';
import type { RecordedSegment } from './recorder';

export interface CameraCredentials {
  mac: string;
  userTag: string;
  /** The HMAC key: never sent. */
  streamId: string;
}

export interface UploadTarget {
  uploadUrl: string;
  maxSegmentBytes: number;
  maxSegmentSeconds: number;
  serverTime: number;
}

export type ProtocolAnswer =
  | { kind: 'accepted'; status: number; data: Record<string, unknown> }
  | { kind: 'refused'; status: number; errorCode: string; failureDetails: string; serverTime?: number; retryAfterSeconds?: number }
  | { kind: 'unavailable'; status?: number; reason: string };

export interface ClientContext {
  fetch: typeof fetch;
  credentials: CameraCredentials;
  /** Cancels the request in flight (Ctrl-C). */
  signal?: AbortSignal;
  /** A request hanging longer than this counts as a network error. */
  timeoutMs: number;
}

/** `GET {api}/camera/v1/upload-target`: where to upload and the server's clock. */
export async function requestUploadTarget(context: ClientContext, apiUrl: string, timestamp: number): Promise<ProtocolAnswer> {
  const query = signedQuery(context.credentials, { operation: 'uploadTarget', timestamp: String(timestamp) });
  const url = `${apiUrl.replace(/\/+$/, '')}${CAMERA_OPERATIONS.uploadTarget.path}?${query}`;
  return send(context, url, { method: CAMERA_OPERATIONS.uploadTarget.method });
}

/** `POST {uploadUrl}` with the segment's raw MPEG-TS bytes. */
export async function uploadSegment(context: ClientContext, uploadUrl: string, segment: RecordedSegment, timestamp: number): Promise<ProtocolAnswer> {
  const query = signedQuery(context.credentials, {
    operation: 'segment',
    start: String(segment.start),
    duration: segment.durationSeconds.toFixed(3),
    type: String(segment.type),
    timestamp: String(timestamp),
    body: segment.bytes,
  });
  const separator = uploadUrl.includes('?') ? '&' : '?';
  return send(context, `${uploadUrl}${separator}${query}`, {
    method: CAMERA_OPERATIONS.segment.method,
    headers: { 'content-type': 'video/mp2t' },
    body: segment.bytes,
  });
}

/** The answer's `data` as an upload target, or undefined when it is not one. */
export function asUploadTarget(data: Record<string, unknown>): UploadTarget | undefined {
  const { uploadUrl, maxSegmentBytes, maxSegmentSeconds, serverTime } = data;
  if (typeof uploadUrl !== 'string' || typeof serverTime !== 'number') return undefined;
  return {
    uploadUrl,
    maxSegmentBytes: typeof maxSegmentBytes === 'number' ? maxSegmentBytes : Number.POSITIVE_INFINITY,
    maxSegmentSeconds: typeof maxSegmentSeconds === 'number' ? maxSegmentSeconds : Number.POSITIVE_INFINITY,
    serverTime,
  };
}

type SignedFields = Omit<CameraSignInput, 'mac' | 'userTag'>;

/** The query string, in the protocol's order, ending with the signature over exactly these values. */
function signedQuery(credentials: CameraCredentials, fields: SignedFields): string {
  const { mac, userTag, streamId } = credentials;
  const signature = signCameraRequest(streamId, { mac, userTag, ...fields });
  const params = new URLSearchParams({ mac, userTag });
  if (fields.operation === 'segment') {
    params.set('start', fields.start ?? '');
    params.set('duration', fields.duration ?? '');
    params.set('type', fields.type ?? '');
  }
  params.set('timestamp', fields.timestamp);
  params.set('signature', signature);
  return params.toString();
}

async function send(context: ClientContext, url: string, init: RequestInit): Promise<ProtocolAnswer> {
  const timeout = AbortSignal.timeout(context.timeoutMs);
  const signal = context.signal ? AbortSignal.any([context.signal, timeout]) : timeout;
  let response: Response;
  let text: string;
  try {
    response = await context.fetch(url, { ...init, signal });
    text = await response.text();
  } catch (error) {
    if (context.signal?.aborted) throw error; // Stopping, not a network problem to retry.
    return { kind: 'unavailable', reason: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
  return classify(response, text);
}

function classify(response: Response, text: string): ProtocolAnswer {
  const { status } = response;
  if (status >= 500) return { kind: 'unavailable', status, reason: `HTTP ${status}` };
  const body = parseJson(text);
  if (status >= 200 && status < 300 && body?.errorCode === '000000') {
    const data = body.data;
    return { kind: 'accepted', status, data: typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {} };
  }
  const retryAfter = retryAfterSeconds(response.headers.get('retry-after'));
  return {
    kind: 'refused',
    status,
    errorCode: typeof body?.errorCode === 'string' ? body.errorCode : `HTTP${status}`,
    failureDetails: typeof body?.failureDetails === 'string' ? body.failureDetails : text.slice(0, 200),
    serverTime: typeof body?.serverTime === 'number' ? body.serverTime : undefined,
    retryAfterSeconds: retryAfter,
  };
}

/** `Retry-After` is delay-seconds or an HTTP date (RFC 9110 10.2.3). */
function retryAfterSeconds(header: string | null): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - Date.now()) / 1000);
}

function parseJson(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
