/**
 * A local stand-in for the platform's camera endpoints (API host and store host in one node:http server),
 * faithful to the protocol's checks — signature over the values as received and the body, MAC and userTag of
 * the stream, clock skew, MPEG-TS packets, duplicates and order — plus scripted answers (429, 503, CR0402, …)
 * for the n-th request, so a spec can drive the camera through every branch and then read what arrived.
 */
import { createHash } from 'node:crypto';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CAMERA_CLOCK_SKEW_SECONDS, CAMERA_OPERATIONS, type CameraOperation, cameraSignatureMatches, cameraStringToSign } from '@dcp/signing';

export interface Stream {
  mac: string;
  userTag: string;
  streamId: string;
}

/** What the server answers instead of its own verdict (after verifying the request). */
export type ScriptedAnswer =
  | { status: number; errorCode: string; retryAfterSeconds?: number; shiftClockSeconds?: number }
  | { dropConnectionAfterStoring: true };

export interface ReceivedRequest {
  operation: CameraOperation;
  /** 1-based per operation: the n-th discovery or the n-th upload. */
  n: number;
  query: Record<string, string>;
  bodyDigest: string;
  signatureMatches: boolean;
  /** The server's clock (epoch seconds) when the request arrived, and the local time in ms. */
  serverTime: number;
  receivedAtMs: number;
  status: number;
  errorCode: string;
}

export interface ProtocolServer {
  apiUrl: string;
  received: ReceivedRequest[];
  uploads(): ReceivedRequest[];
  /** Segments stored, in order (201 answers). */
  stored: ReceivedRequest[];
  close(): Promise<void>;
}

export interface ProtocolServerOptions {
  stream: Stream;
  script?: { uploadTarget?: Record<number, ScriptedAnswer>; segment?: Record<number, ScriptedAnswer> };
}

export async function startProtocolServer(options: ProtocolServerOptions): Promise<ProtocolServer> {
  const received: ReceivedRequest[] = [];
  const stored: ReceivedRequest[] = [];
  let clockShiftSeconds = 0;
  const serverTime = () => Math.floor(Date.now() / 1000) + clockShiftSeconds;
  let apiUrl = '';

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://camera.test');
    const operation = (Object.keys(CAMERA_OPERATIONS) as CameraOperation[]).find((op) => CAMERA_OPERATIONS[op].path === url.pathname && CAMERA_OPERATIONS[op].method === req.method);
    const body = await readBody(req);
    if (!operation) return answer(res, 404, { errorCode: 'HTTP404' });
    const query = Object.fromEntries(url.searchParams);
    const text = cameraStringToSign({ operation, mac: query.mac ?? '', userTag: query.userTag ?? '', start: query.start, duration: query.duration, type: query.type, timestamp: query.timestamp ?? '', body: operation === 'segment' ? body : undefined });
    const record: ReceivedRequest = {
      operation,
      n: received.filter((r) => r.operation === operation).length + 1,
      query,
      bodyDigest: createHash('sha256').update(body).digest('hex'),
      signatureMatches: cameraSignatureMatches(options.stream.streamId, text, query.signature ?? ''),
      serverTime: serverTime(),
      receivedAtMs: Date.now(),
      status: 0,
      errorCode: '',
    };
    received.push(record);
    const reply = (status: number, errorCode: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) => {
      Object.assign(record, { status, errorCode });
      const payload = errorCode === '000000' ? { errorCode, data: extra } : { errorCode, failureDetails: `scripted or checked: ${errorCode}`, serverTime: serverTime(), ...extra };
      answer(res, status, payload, headers);
    };

    const refusal = verify(options.stream, operation, query, record, body);
    if (refusal) return reply(refusal.status, refusal.errorCode);
    const scripted = options.script?.[operation]?.[record.n];
    if (scripted && 'status' in scripted) {
      clockShiftSeconds += scripted.shiftClockSeconds ?? 0;
      const headers: Record<string, string> = scripted.retryAfterSeconds !== undefined ? { 'retry-after': String(scripted.retryAfterSeconds) } : {};
      return reply(scripted.status, scripted.status >= 500 ? '' : scripted.errorCode, {}, headers);
    }
    if (operation === 'uploadTarget') {
      return reply(200, '000000', { uploadUrl: `${apiUrl}${CAMERA_OPERATIONS.segment.path}`, maxSegmentBytes: 4_194_304, maxSegmentSeconds: 600, serverTime: serverTime() });
    }
    const same = stored.find((s) => s.query.start === query.start && s.query.type === query.type);
    if (same && same.bodyDigest === record.bodyDigest) return reply(200, '000000', { segmentId: `seg-${query.start}`, duplicate: true });
    const newest = stored.at(-1);
    if (same || (newest && Number(query.start) <= Number(newest.query.start))) return reply(409, 'CR0409');
    stored.push(record);
    if (scripted) {
      record.status = 201;
      res.socket?.destroy(); // Stored, but the camera never hears it: its retry must come back as a duplicate.
      return;
    }
    return reply(201, '000000', { segmentId: `seg-${query.start}`, duplicate: false });
  };

  const server: Server = createServer((req, res) => void handle(req, res).catch(() => res.destroy()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    apiUrl,
    received,
    stored,
    uploads: () => received.filter((r) => r.operation === 'segment'),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The protocol's own checks, in the platform's order: parameters, MPEG-TS, signature and stream, clock. */
function verify(stream: Stream, operation: CameraOperation, query: Record<string, string>, record: ReceivedRequest, body: Buffer): { status: number; errorCode: string } | undefined {
  const integer = /^\d{1,11}$/;
  if (!integer.test(query.timestamp ?? '') || !/^[0-9a-f]{64}$/.test(query.signature ?? '')) return { status: 400, errorCode: 'CR0400' };
  if (operation === 'segment') {
    if (!integer.test(query.start ?? '') || !/^\d{1,4}(\.\d{1,3})?$/.test(query.duration ?? '') || !['0', '2', '3'].includes(query.type ?? '')) return { status: 400, errorCode: 'CR0400' };
    if (!isMpegTs(body)) return { status: 415, errorCode: 'CR0415' };
  }
  if (!record.signatureMatches || query.mac !== stream.mac || query.userTag !== stream.userTag) return { status: 401, errorCode: 'CR0401' };
  if (Math.abs(Number(query.timestamp) - record.serverTime) > CAMERA_CLOCK_SKEW_SECONDS) return { status: 401, errorCode: 'CR0402' };
  return undefined;
}

/** 188-byte packets, each starting with the 0x47 sync byte (the platform's check). */
export function isMpegTs(bytes: Buffer): boolean {
  if (bytes.length === 0 || bytes.length % 188 !== 0) return false;
  for (let at = 0; at < bytes.length; at += 188) if (bytes[at] !== 0x47) return false;
  return true;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function answer(res: ServerResponse, status: number, payload: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(payload));
}
