/**
 * Requests Fastify's router refuses before any route, hook or filter runs (docs/decisions.md SDC3): a path that
 * is not valid percent-encoded UTF-8 (FST_ERR_BAD_URL: `/gateway%ZZ`, `/hls/%ZZ/index.m3u8`) or a path
 * parameter over the router's 100 characters (FST_ERR_MAX_PARAM_LENGTH, 414). Fastify answered them with its
 * own `{"statusCode":400,"code":"FST_ERR_BAD_URL",…}`, which no client of the platform reads. They are answered
 * here, through Fastify's `frameworkErrors` option, in the platform's envelope.
 *
 * No route matched, so the surface is told by the path's first segment, the one thing known: `/sso/…` answers
 * as SSO does (401 OP0046, S2), `/hls/…` as playback does (hlsErrorAnswer: 400, or 414, with 000006), anything
 * else — `/gateway%ZZ` is not the path /gateway, whose parameters travel in the query string — 000006 with the
 * status HTTP prescribes, as the requests Node's parser cannot read (S14). These answers skip the servers'
 * hooks (none ran), so the request id header is set here.
 */
import { ErrorCode, PlatformError, errorEnvelope } from '@dcp/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hlsErrorAnswer } from '../hls/hls-routes';
import { ssoErrorBody } from '../sso/sso-exception.filter';

/** Fastify's `frameworkErrors` option. */
export type FrameworkErrorHandler = (error: FastifyError, req: FastifyRequest, reply: FastifyReply) => void;

/** Longest part of the path echoed in the refusal (as S12 echoes an unknown path). */
const MAX_ECHOED_PATH = 200;

/** What was wrong, in words: the path as sent (ASCII: Node refuses any other byte in a request line). */
export function frameworkErrorDetails(error: FastifyError, url: string): string {
  const path = url.split('?')[0];
  if (error.code === 'FST_ERR_BAD_URL') return undecodablePathDetails(path);
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return `a segment of the path ${echoed(path)} is longer than 100 characters`;
  return error.message;
}

export function undecodablePathDetails(path: string): string {
  return `the path ${echoed(path)} is not valid percent-encoded UTF-8`;
}

function echoed(path: string): string {
  return path.length > MAX_ECHOED_PATH ? `${path.slice(0, MAX_ECHOED_PATH)}…` : path;
}

/** The HTTP status of the refusal where the surface's rule leaves it to HTTP: 400, or 414 for an over-long segment. */
export function frameworkErrorStatus(error: FastifyError): number {
  return typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
}

/** The public port's answer. */
export const answerPublicFrameworkError: FrameworkErrorHandler = (error, req, reply) => {
  const details = `malformed request: ${frameworkErrorDetails(error, req.url)}`;
  const [, first, second] = req.url.split('?')[0].split('/');
  if (first === 'sso') {
    void reply.status(401).header('x-request-id', req.id).send(ssoErrorBody(new PlatformError(ErrorCode.SSO_PARAMETER_INVALID, details), second));
    return;
  }
  const status = frameworkErrorStatus(error);
  if (first === 'hls') {
    // As readable to a browser player on another origin as the playback routes' answers (AL6).
    reply.header('access-control-allow-origin', '*');
    hlsErrorAnswer(new PlatformError(ErrorCode.FC_INVALID_PARAMETER, details, { httpStatus: status }), req, reply);
    return;
  }
  void reply.status(status).header('x-request-id', req.id).send(errorEnvelope(new PlatformError(ErrorCode.FC_INVALID_PARAMETER, details)));
};
