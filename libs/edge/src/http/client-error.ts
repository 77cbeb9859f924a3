/**
 * Requests Node's HTTP parser refuses before Fastify sees them (raw non-ASCII bytes in the request line, a
 * malformed header, a head over 16 KiB, a request not received in time) are answered in the platform's
 * envelope too (docs/decisions.md S14), with the status HTTP prescribes: 400, 431 or 408, then the connection
 * closes. Fastify's own answer would be `{"error":…,"statusCode":…}`, which no merchant's app reads. The surface
 * cannot be known (the request line did not parse), so the envelope carries the parameter code 000006 and says
 * what was wrong; Content-Length counts bytes, not characters.
 */
import type { Socket } from 'node:net';
import { ERROR_CATALOG, ErrorCode } from '@dcp/contracts';

interface ParserError extends Error {
  code?: string;
}

function refusal(err: ParserError): { status: number; reason: string; details: string } {
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, reason: 'Request Timeout', details: 'the request was not received in time' };
  if (err.code === 'HPE_HEADER_OVERFLOW') return { status: 431, reason: 'Request Header Fields Too Large', details: 'the request line and headers exceed 16 KiB' };
  return { status: 400, reason: 'Bad Request', details: 'malformed HTTP request (the request line and headers must be ASCII HTTP/1.1)' };
}

/** Fastify's `clientErrorHandler` for both edge servers. */
export function answerClientError(err: ParserError, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, reason, details } = refusal(err);
  if (socket.writable) {
    const body = JSON.stringify({ errorCode: ERROR_CATALOG[ErrorCode.FC_INVALID_PARAMETER].value, failureDetails: details });
    socket.write(`HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy(err);
}
