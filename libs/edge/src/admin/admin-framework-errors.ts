/**
 * The admin port's answer to a request Fastify's router refuses before any route, guard or filter runs
 * (docs/decisions.md SDC3): AD0400 (HTTP 400) naming what was wrong, recorded in the audit log first when it
 * is a changing call by a known token (AU4) — the admin filter never sees it, and the server's hooks, the one
 * holding refusals until recorded included, do not run for it. A safety net: an undecodable path is escaped
 * before routing (admin-undecodable-path.ts) and the admin routes are wildcards, which no segment length
 * limit applies to, so nothing is known to reach it.
 */
import { ErrorCode, PlatformError, errorEnvelope } from '@dcp/contracts';
import { type FrameworkErrorHandler, frameworkErrorDetails } from '../http/framework-errors';
import type { AdminAudit } from './admin-audit';

export function answerAdminFrameworkError(audit: () => Pick<AdminAudit, 'recordRefusal'> | undefined): FrameworkErrorHandler {
  return (error, req, reply) => {
    const refusal = new PlatformError(ErrorCode.ADMIN_VALIDATION_FAILED, `invalid field path: ${frameworkErrorDetails(error, req.url)}`);
    const answer = () => void reply.status(refusal.httpStatus).header('x-request-id', req.id).send(errorEnvelope(refusal));
    // The audit exists once the admin app does; the server cannot take requests before.
    void (audit()?.recordRefusal(req, refusal) ?? Promise.resolve()).then(answer, answer);
  };
}
