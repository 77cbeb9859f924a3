/**
 * A request whose connection closed before its body arrived: the client went away, or the edge's request
 * time limit closed it (decisions AB4; Node has already answered 408). Nothing failed on the platform's side,
 * so the filters neither log it as an error nor can answer it.
 */
export function isClientGone(err: unknown): boolean {
  // Not `instanceof Error`: Node's own errors may come from another realm (test runners).
  const e = err as NodeJS.ErrnoException | null;
  return typeof e === 'object' && e !== null && e.code === 'ECONNRESET' && e.message === 'aborted';
}

export const CLIENT_GONE_DETAILS = 'request aborted before its body arrived';
