/**
 * What an ingest request must carry (STORAGE_RPC.ingestSegment, the admin route's path, query and body):
 * each refusal is ADMIN_VALIDATION_FAILED naming the field, as on every admin route.
 */
import { ErrorCode, type IngestSegmentRequest, PlatformError, STORAGE_LIMITS, decodeStrictBase64, normalizeMac } from '@dcp/contracts';

export interface IngestInput extends SegmentFields {
  macAddr: string;
  bytes: Buffer;
}

/** Earliest accepted start: 2000-01-01T00:00:00Z. */
const EARLIEST_START_S = 946_684_800;
/** A recorder's clock may run ahead of ours by this much. */
const MAX_START_AHEAD_S = 3600;
/** MPEG-TS: 188-byte packets, each starting with the sync byte 0x47. */
const TS_PACKET = 188;
const TS_SYNC = 0x47;

const invalid = (field: string, reason: string) => new PlatformError(ErrorCode.ADMIN_VALIDATION_FAILED, `invalid field ${field}: ${reason}`);

function text(value: string | number | undefined): string {
  return value === undefined ? '' : String(value).trim();
}

/**
 * Checks, in this order: devId (a MAC) → start (epoch seconds, integer, from 2000 to an hour ahead of server
 * time) → duration (seconds > 0, ≤ maxSegmentSeconds, at most 3 decimals) → type (integer 0–65535) → body
 * (base64, 1 byte to maxSegmentBytes, MPEG-TS packets).
 */
export function parseIngestInput(req: IngestSegmentRequest, nowMs: number): IngestInput {
  const macAddr = normalizeMac(req.devId);
  if (!macAddr) throw invalid('devId', 'not a MAC address (12 hex digits, optionally separated by ":" or "-")');

  const { start, durationMs, type } = parseSegmentFields(
    { start: text(req.start), duration: text(req.duration), type: text(req.type) },
    { nowMs, aheadAllowedS: MAX_START_AHEAD_S, invalid },
  );

  const bytes = decodeStrictBase64(req.contentBase64);
  if (!bytes) throw invalid('body', 'contentBase64 is not base64');
  if (bytes.length === 0) throw invalid('body', 'the segment is empty');
  if (bytes.length > STORAGE_LIMITS.maxSegmentBytes) throw invalid('body', `the segment is ${bytes.length} bytes, more than the limit of ${STORAGE_LIMITS.maxSegmentBytes} bytes (STORAGE_LIMITS.maxSegmentBytes)`);
  if (!isMpegTs(bytes)) throw invalid('body', 'not an MPEG transport stream (188-byte packets starting with 0x47)');

  return { macAddr, start, durationMs, type, bytes };
}

export interface SegmentFields {
  /** Epoch seconds. */
  start: number;
  durationMs: number;
  type: number;
}

/**
 * A segment's start (epoch seconds, an integer from 2000 to server time + `aheadAllowedS`), duration (seconds > 0, at most
 * maxSegmentSeconds, at most 3 decimals) and type (an integer 0–65535), as the operator's ingest and the camera
 * upload both take them; each refusal is `invalid(name, reason)`, in the caller's codes.
 */
export function parseSegmentFields(
  values: { start: string; duration: string; type: string },
  rules: { nowMs: number; aheadAllowedS: number; invalid: (name: string, reason: string) => Error },
): SegmentFields {
  const { invalid: refuse, aheadAllowedS } = rules;
  const latestStartS = Math.floor(rules.nowMs / 1000) + aheadAllowedS;
  if (!/^\d{1,11}$/.test(values.start)) throw refuse('start', 'must be epoch seconds (an integer)');
  const start = Number(values.start);
  if (start < EARLIEST_START_S || start > latestStartS) throw refuse('start', `must be between ${EARLIEST_START_S} and server time + ${aheadAllowedS} s (${latestStartS})`);
  if (!/^\d{1,4}(\.\d{1,3})?$/.test(values.duration)) throw refuse('duration', 'must be seconds, a number with at most 3 decimals');
  const durationMs = Math.round(Number(values.duration) * 1000);
  if (durationMs <= 0 || durationMs > STORAGE_LIMITS.maxSegmentSeconds * 1000) throw refuse('duration', `must be more than 0 and at most ${STORAGE_LIMITS.maxSegmentSeconds} seconds`);
  if (!/^\d{1,5}$/.test(values.type) || Number(values.type) > STORAGE_LIMITS.maxEventType) throw refuse('type', `must be an integer from 0 to ${STORAGE_LIMITS.maxEventType}`);
  return { start, durationMs, type: Number(values.type) };
}

export function isMpegTs(bytes: Buffer): boolean {
  if (bytes.length % TS_PACKET !== 0) return false;
  for (let i = 0; i < bytes.length; i += TS_PACKET) if (bytes[i] !== TS_SYNC) return false;
  return true;
}
