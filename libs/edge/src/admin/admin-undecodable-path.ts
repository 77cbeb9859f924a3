/**
 * An admin path that is not valid percent-encoded UTF-8 (`/admin/v1/merchants/%E0%A4%A/secret`;
 * docs/decisions.md SDC3). Fastify's router refuses such a path before any hook runs, so it would skip the
 * Host check, the authentication limit and the per-token change limits — and its audit entry, written
 * outside them, could be repeated without bound. Instead the admin server's `rewriteUrl` escapes every `%` of
 * such a path (`%E0` → `%25E0`: the text as sent, now decodable), so the request takes the admin port's whole
 * way — Host check, limits, guard —, and the controller refuses it with AD0400 naming the path as sent; the
 * admin filter records the refusal like any other (AU4). The audit entry's path is the escaped one.
 */
import type { IncomingMessage } from 'node:http';
import { ErrorCode, PlatformError } from '@dcp/contracts';
import type { FastifyRequest } from 'fastify';
import { undecodablePathDetails } from '../http/framework-errors';

/** Requests whose path was escaped, with the path as sent. */
const escaped = new WeakMap<object, string>();

/** Fastify's `rewriteUrl` of the admin server: the URL as sent, or with its undecodable path escaped. */
export function escapeUndecodablePath(req: IncomingMessage): string {
  const url = req.url ?? '/';
  const end = url.search(/[?#]/);
  const path = end === -1 ? url : url.slice(0, end);
  if (!path.includes('%') || decodable(path)) return url;
  escaped.set(req, path);
  return `${path.replaceAll('%', '%25')}${url.slice(path.length)}`;
}

/** AD0400 for a request whose path was escaped (nothing for any other). */
export function refuseUndecodablePath(req: FastifyRequest): void {
  const sent = escaped.get(req.raw);
  if (sent !== undefined) throw new PlatformError(ErrorCode.ADMIN_VALIDATION_FAILED, `invalid field path: ${undecodablePathDetails(sent)}`);
}

/** As find-my-way decides it: every %-sequence two hex digits, together UTF-8. */
function decodable(path: string): boolean {
  try {
    decodeURI(path);
    return true;
  } catch {
    return false;
  }
}
