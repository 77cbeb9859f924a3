/**
 * What an ingest request must carry (STORAGE_RPC.ingestSegment, the admin route's path, query and body):
 * each refusal is ADMIN_VALIDATION_FAILED naming the field, as on every admin route.
 */
import { ErrorCode, type IngestSegmentRequest, PlatformError, STORAGE_LIMITS, normalizeMac } from '@dcp/contracts';

export interface IngestInput {
  macAddr: string;
  /** Epoch seconds. */
  start: number;
  durationMs: number;
  type: number;
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

  const startText = text(req.start);
  if (!/^\d{1,11}$/.test(startText)) throw invalid('start', 'must be epoch seconds (an integer)');
  const start = Number(startText);
  const nowS = Math.floor(nowMs / 1000);
  if (start < EARLIEST_START_S || start > nowS + MAX_START_AHEAD_S) throw invalid('start', `must be between ${EARLIEST_START_S} and server time + ${MAX_START_AHEAD_S} s (${nowS + MAX_START_AHEAD_S})`);

  const durationText = text(req.duration);
  if (!/^\d{1,4}(\.\d{1,3})?$/.test(durationText)) throw invalid('duration', 'must be seconds, a number with at most 3 decimals');
  const durationMs = Math.round(Number(durationText) * 1000);
  if (durationMs <= 0 || durationMs > STORAGE_LIMITS.maxSegmentSeconds * 1000) throw invalid('duration', `must be more than 0 and at most ${STORAGE_LIMITS.maxSegmentSeconds} seconds`);

  const typeText = text(req.type);
  if (!/^\d{1,5}$/.test(typeText) || Number(typeText) > STORAGE_LIMITS.maxEventType) throw invalid('type', `must be an integer from 0 to ${STORAGE_LIMITS.maxEventType}`);
  const type = Number(typeText);

  const bytes = decodeBase64(req.contentBase64);
  if (bytes.length === 0) throw invalid('body', 'the segment is empty');
  if (bytes.length > STORAGE_LIMITS.maxSegmentBytes) throw invalid('body', `the segment is ${bytes.length} bytes, more than the limit of ${STORAGE_LIMITS.maxSegmentBytes} bytes (STORAGE_LIMITS.maxSegmentBytes)`);
  if (!isMpegTs(bytes)) throw invalid('body', 'not an MPEG transport stream (188-byte packets starting with 0x47)');

  return { macAddr, start, durationMs, type, bytes };
}

function decodeBase64(value: string): Buffer {
  // Buffer.from ignores what is not base64; refuse it instead of storing something else than was sent.
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(value) || value.length % 4 !== 0) throw invalid('body', 'contentBase64 is not base64');
  return Buffer.from(value, 'base64');
}

export function isMpegTs(bytes: Buffer): boolean {
  if (bytes.length % TS_PACKET !== 0) return false;
  for (let i = 0; i < bytes.length; i += TS_PACKET) if (bytes[i] !== TS_SYNC) return false;
  return true;
}
