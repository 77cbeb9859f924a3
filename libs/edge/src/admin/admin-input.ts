/**
 * One check on what every admin route receives, before the route builds its request (docs/decisions.md SDC1):
 * no decoded path parameter, query value or name, or JSON body string or key may hold NUL or a lone surrogate
 * — text no service can store, which reached PostgreSQL and answered 000099 on 17 routes. Refused with
 * ADMIN_VALIDATION_FAILED naming the field, for every route of the table at once, so a route added later is
 * covered too. Other control characters are each field's own rule (names refuse them; a description may hold
 * a line break).
 */
import { ErrorCode, PlatformError } from '@dcp/contracts';
import { type TextFlaw, findTextFlaw, storableText } from '../http/unstorable-text';

export interface AdminInput {
  readonly params: Record<string, string>;
  readonly query: unknown;
  /** A raw (non-JSON) body is bytes: not looked at. */
  readonly body: unknown;
}

/** Throws AD0400 `invalid field <name>: must not contain …` for the first unstorable text of the request. */
export function refuseUnstorableInput(input: AdminInput): void {
  const flaw =
    findTextFlaw(input.params, storableText, 'path') ??
    findTextFlaw(input.query ?? {}, storableText, 'query') ??
    (Buffer.isBuffer(input.body) ? undefined : findTextFlaw(input.body, storableText, 'body'));
  if (flaw) throw refusal(flaw);
}

function refusal(flaw: TextFlaw): PlatformError {
  return new PlatformError(ErrorCode.ADMIN_VALIDATION_FAILED, `invalid field ${flaw.field}: ${flaw.problem}`);
}
