/**
 * What went wrong, as the platform said it: every admin API error is `{ errorCode, failureDetails }` with an
 * HTTP status (AD0400, AD0401, AD0403, AD0404, AD0409, 000099 …). The console shows both, never a generic
 * "something went wrong", so an operator can quote the code.
 */
export interface Problem {
  /** The platform's code, or CONSOLE_NETWORK / CONSOLE_UNEXPECTED when the answer was not the platform's. */
  readonly code: string;
  readonly text: string;
  readonly status?: number;
}

export class ProblemError extends Error {
  constructor(readonly problem: Problem) {
    super(`${problem.code}: ${problem.text}`);
  }
}

const isEnvelope = (body: unknown): body is { errorCode: string; failureDetails?: unknown } =>
  typeof body === 'object' && body !== null && typeof (body as { errorCode?: unknown }).errorCode === 'string' && (body as { errorCode: string }).errorCode !== '';

/** The Problem of a failed answer: its envelope when it has one, else what the status says. */
export function problemOf(status: number | undefined, body: unknown): Problem {
  if (isEnvelope(body)) {
    const details = typeof body.failureDetails === 'string' ? body.failureDetails : '';
    return { code: body.errorCode, text: details || 'no details given', status };
  }
  if (status === undefined) return { code: 'CONSOLE_NETWORK', text: 'the admin API did not answer (network error or the platform is down)' };
  return { code: 'CONSOLE_UNEXPECTED', text: `the admin API answered HTTP ${status} without an error code`, status };
}

/** The Problem of anything thrown while calling the API (fetch rejects on network failures). */
export function problemFromThrown(thrown: unknown): Problem {
  if (thrown instanceof ProblemError) return thrown.problem;
  if (thrown instanceof TypeError) return problemOf(undefined, undefined);
  return { code: 'CONSOLE_UNEXPECTED', text: thrown instanceof Error ? thrown.message : String(thrown) };
}

/** Whether a look-up found nothing (AD0404): a neutral empty state, not an error. */
export function isNotFound(thrown: unknown): boolean {
  return thrown !== null && thrown !== undefined && problemFromThrown(thrown).code === 'AD0404';
}

/** The one-line form shown in notifications: "AD0404 · not found: no merchant x". */
export function formatProblem(problem: Problem): string {
  return `${problem.code} · ${problem.text}`;
}

/** A refusal that means the session is over: the token is wrong or was removed. */
export const isSignedOut = (problem: Problem): boolean => problem.status === 401;
