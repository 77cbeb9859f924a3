/**
 * A camera request's query string, checked (decisions CU1, CU2): each refusal is a CAMERA_* code naming the
 * parameter, before anything is asked of another service. The string to sign is built from the values exactly
 * as sent; the MAC is compared canonical.
 */
import { CAMERA_CLOCK_SKEW_SECONDS, type CameraOperation, cameraStringToSign } from '@dcp/signing';
import { type CameraRequest, ErrorCode, PlatformError, STORAGE_LIMITS, decodeStrictBase64, normalizeMac } from '@dcp/contracts';
import { type SegmentFields, isMpegTs, parseSegmentFields } from '../recordings/ingest-input';

/** Longest userTag accepted (storeTags are 16 characters; anything longer cannot be one). */
const MAX_USER_TAG = 32;

export interface SignedCameraRequest {
  macAddr: string;
  userTag: string;
  signature: string;
  stringToSign: string;
}

export interface CameraSegment extends SignedCameraRequest, SegmentFields {
  bytes: Buffer;
}

export const cameraRefusal = (code: ErrorCode, message: string, extra?: Record<string, unknown>) => new PlatformError(code, message, extra);
const invalid = (name: string, reason: string) => cameraRefusal(ErrorCode.CAMERA_PARAMETER_INVALID, `invalid parameter ${name}: ${reason}`);

function required(req: CameraRequest, name: keyof CameraRequest): string {
  const value = req[name];
  if (value === undefined || value === '') throw invalid(name, 'required');
  return value;
}

/** mac, userTag, timestamp (within CAMERA_CLOCK_SKEW_SECONDS of `nowMs`) and signature; the string to sign. */
export function parseSignedRequest(req: CameraRequest, operation: CameraOperation, nowMs: number, body?: Buffer): SignedCameraRequest {
  const mac = required(req, 'mac');
  const macAddr = normalizeMac(mac);
  if (!macAddr) throw invalid('mac', 'not a MAC address (12 hex digits, optionally separated by ":" or "-")');
  const userTag = required(req, 'userTag');
  if (userTag.length > MAX_USER_TAG || !/^[A-Za-z0-9]+$/.test(userTag)) throw invalid('userTag', 'not a userTag (letters and digits, as in the authorization record)');
  const timestampText = required(req, 'timestamp');
  if (!/^\d{1,11}$/.test(timestampText)) throw invalid('timestamp', 'must be epoch seconds (an integer)');
  const signature = required(req, 'signature');
  if (!/^[0-9a-fA-F]{64}$/.test(signature)) throw invalid('signature', 'must be 64 hex digits (HMAC-SHA256)');
  const serverTime = Math.floor(nowMs / 1000);
  if (Math.abs(Number(timestampText) - serverTime) > CAMERA_CLOCK_SKEW_SECONDS) {
    throw cameraRefusal(ErrorCode.CAMERA_CLOCK_SKEW, `timestamp ${timestampText} is more than ${CAMERA_CLOCK_SKEW_SECONDS} s from server time ${serverTime}: set the clock from serverTime and sign again`);
  }
  const stringToSign = cameraStringToSign({ operation, mac, userTag, start: req.start, duration: req.duration, type: req.type, timestamp: timestampText, body });
  return { macAddr, userTag, signature: signature.toLowerCase(), stringToSign };
}

/**
 * An upload: the signed parts (parseSignedRequest), then start (epoch seconds, 2000 … server time + skew) → duration (seconds
 * > 0, ≤ maxSegmentSeconds, ≤ 3 decimals) → type (0–65535) → body (1 byte … maxSegmentBytes: CR0413; MPEG-TS
 * packets: CR0415).
 */
export function parseCameraSegment(req: CameraRequest, bytes: Buffer, nowMs: number): CameraSegment {
  const signed = parseSignedRequest(req, 'segment', nowMs, bytes);
  const fields = parseSegmentFields(
    { start: required(req, 'start'), duration: required(req, 'duration'), type: required(req, 'type') },
    { nowMs, aheadAllowedS: CAMERA_CLOCK_SKEW_SECONDS, invalid },
  );
  if (bytes.length === 0) throw invalid('body', 'the segment is empty');
  if (bytes.length > STORAGE_LIMITS.maxSegmentBytes) throw cameraRefusal(ErrorCode.CAMERA_SEGMENT_TOO_LARGE, `the segment is ${bytes.length} bytes, more than the limit of ${STORAGE_LIMITS.maxSegmentBytes}`);
  if (!isMpegTs(bytes)) throw cameraRefusal(ErrorCode.CAMERA_SEGMENT_NOT_MPEG_TS, 'the body is not an MPEG transport stream (188-byte packets, each starting with 0x47)');
  return { ...signed, ...fields, bytes };
}

/** The body as the edge forwarded it (base64 of the raw bytes). */
export function decodeBody(contentBase64: string): Buffer {
  const bytes = decodeStrictBase64(contentBase64);
  if (!bytes) throw invalid('body', 'not forwarded as base64');
  return bytes;
}
