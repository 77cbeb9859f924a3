/**
 * The request-reply wire protocol shared by both adapters: a handler's outcome becomes an RpcReply,
 * and the caller turns an RpcReply back into a value or a PlatformError. Unknown errors are logged here
 * and travel as FC_SYSTEM_ERROR, so internals never leak to callers.
 */
import { ErrorCode, PlatformError, type SerializedPlatformError } from '@dcp/contracts';
import { type CallContext, serveInCallContext } from '@dcp/observability';
import type { BusLogger, RpcHandler } from '../api';

export type RpcReply = { ok: true; data?: unknown } | { ok: false; error: SerializedPlatformError };

/** Runs the handler in the caller's call context (`caller`, from headers or passed in-process; TR2), so its failure is logged in it too. */
export async function serveRequest(subject: string, handler: RpcHandler, payload: unknown, logger: BusLogger, caller?: CallContext): Promise<RpcReply> {
  try {
    const data = await serveInCallContext(subject, caller, async () => {
      try {
        return await handler(payload);
      } catch (err) {
        if (!(err instanceof PlatformError)) logger.error(`handler of ${subject} failed`, err);
        throw err;
      }
    });
    return data === undefined ? { ok: true } : { ok: true, data };
  } catch (err) {
    return { ok: false, error: PlatformError.from(err).serialize() };
  }
}

/** Reads a reply: the handler's data, or its error re-thrown as PlatformError. */
export function readReply(subject: string, reply: unknown, logger: BusLogger): unknown {
  const r = reply as Partial<{ ok: boolean; data: unknown; error: unknown }> | null;
  if (r && r.ok === true) return r.data;
  if (r && r.ok === false && PlatformError.isSerialized(r.error)) throw PlatformError.fromSerialized(r.error);
  logger.error(`malformed reply on ${subject}`, reply);
  throw new PlatformError(ErrorCode.FC_SYSTEM_ERROR);
}

/** The one error a caller sees when nobody answered in time (timeout, no responder, no handler). */
export function didNotAnswer(subject: string, owner?: string): PlatformError {
  return new PlatformError(ErrorCode.FC_SYSTEM_ERROR, `${owner ?? ownerOfSubject(subject) ?? 'the'} service did not answer (${subject})`);
}

const RPC_PREFIX = 'dcp.rpc.';

/**
 * The service serving a subject, when the subject names it (`dcp.rpc.<owner>.<name>`). Gateway subjects
 * (`dcp.gateway.<service>`) do not: their callers pass the owner (RequestOptions.owner, HandleOptions.queue)
 * from the operation catalogue, which messaging does not know.
 */
export function ownerOfSubject(subject: string): string | undefined {
  if (subject.startsWith(RPC_PREFIX)) return subject.slice(RPC_PREFIX.length).split('.')[0] || undefined;
  return undefined;
}
