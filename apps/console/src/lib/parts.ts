/**
 * A composed admin view (a device's owner, grants, current service, recordings) answers each part from its
 * own service; a part whose service did not answer carries `{ error: { errorCode, failureDetails } }` instead,
 * and the rest of the page still shows (docs/decisions.md, admin look-ups).
 */
import type { Problem } from './problem';

export interface PartError {
  readonly error: { readonly errorCode: string; readonly failureDetails: string };
}

export const isPartError = (part: unknown): part is PartError =>
  typeof part === 'object' && part !== null && 'error' in part && typeof (part as PartError).error?.errorCode === 'string';

export const partProblem = (part: PartError): Problem => ({ code: part.error.errorCode, text: part.error.failureDetails || 'no details given' });
