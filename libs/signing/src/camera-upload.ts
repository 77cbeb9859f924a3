/**
 * The camera upload protocol's signature (docs/decisions.md CU1–CU4): what a camera signs with the `streamId`
 * its app gave it, and what storage-service checks. Pure functions, used by the platform and by cameras (the
 * `npm run camera` simulator, camera makers' reference code).
 *
 * The streamId never travels with a request: it is the HMAC key. A captured request therefore proves nothing
 * but itself — its MAC, userTag, start, duration, type and body are all signed, so it cannot be turned into
 * footage of another device or another time, and its timestamp expires it after CAMERA_CLOCK_SKEW_SECONDS.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** First line of every string to sign: names the protocol version (a later version signs another text). */
export const CAMERA_SIGNATURE_LABEL = 'DCP-CAMERA-V1';
/** A request's `timestamp` may differ from server time by at most this many seconds either way. */
export const CAMERA_CLOCK_SKEW_SECONDS = 300;

/** The two requests of the protocol and their paths (the discovery on the API host, the upload on the store host). */
export const CAMERA_OPERATIONS = {
  uploadTarget: { method: 'GET', path: '/camera/v1/upload-target' },
  segment: { method: 'POST', path: '/camera/v1/segments' },
} as const;
export type CameraOperation = keyof typeof CAMERA_OPERATIONS;

export interface CameraSignInput {
  operation: CameraOperation;
  /** Exactly as sent in the query string (any accepted MAC spelling; the text is what is signed). */
  mac: string;
  userTag: string;
  /** Segment start (epoch seconds), duration (seconds) and recording type as sent; "" on upload-target. */
  start?: string;
  duration?: string;
  type?: string;
  /** Epoch seconds as sent. */
  timestamp: string;
  /** The request body (the MPEG-TS segment); empty on upload-target. */
  body?: Uint8Array;
}

/** Lower-case hex SHA-256 of the body (of nothing for a request without one). */
export function bodyDigest(body: Uint8Array | undefined): string {
  return createHash('sha256').update(body ?? new Uint8Array(0)).digest('hex');
}

/**
 * The string to sign: ten lines joined by "\n", no trailing newline —
 * label, method, path, mac, userTag, start, duration, type, timestamp, hex SHA-256 of the body.
 */
export function cameraStringToSign(input: CameraSignInput): string {
  const { method, path } = CAMERA_OPERATIONS[input.operation];
  return [CAMERA_SIGNATURE_LABEL, method, path, input.mac, input.userTag, input.start ?? '', input.duration ?? '', input.type ?? '', input.timestamp, bodyDigest(input.body)].join('\n');
}

/** Lower-case 64-hex HMAC-SHA256 of the string to sign, keyed with the streamId's UTF-8 bytes. */
export function signCameraRequest(streamId: string, input: CameraSignInput): string {
  return signCameraText(streamId, cameraStringToSign(input));
}

export function signCameraText(streamId: string, text: string): string {
  return createHmac('sha256', Buffer.from(streamId, 'utf8')).update(text, 'utf8').digest('hex');
}

/** Whether `signature` is the streamId's signature of `text` (constant time; anything not 64 hex is false). */
export function cameraSignatureMatches(streamId: string, text: string, signature: string): boolean {
  if (!/^[0-9a-f]{64}$/.test(signature)) return false;
  return timingSafeEqual(Buffer.from(signCameraText(streamId, text), 'hex'), Buffer.from(signature, 'hex'));
}
