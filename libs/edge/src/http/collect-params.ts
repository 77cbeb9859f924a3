/**
 * Request parameters as flat strings: query string, plus the form or JSON body on POST (the body wins
 * on a name clash). A parameter sent twice is ambiguous and refused, as is a nested JSON value, and so is
 * a parameter named `__proto__` (docs/decisions.md HI1).
 */
import { ErrorCode, PlatformError } from '@dcp/contracts';

type Raw = Record<string, unknown> | undefined | null;

function flatten(source: Raw, where: string, into: Record<string, string>, code: ErrorCode): void {
  if (!source || typeof source !== 'object') return;
  for (const [name, value] of Object.entries(source)) {
    // A plain object cannot hold it: the assignment below would drop it silently, and a signed request carrying
    // it then failed as a signature mismatch. The form and JSON body parsers refuse it too.
    if (name === '__proto__') throw new PlatformError(code, `parameter __proto__ is not allowed in the ${where}`);
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) throw new PlatformError(code, `parameter ${name} is given more than once in the ${where}`);
    if (typeof value === 'object') throw new PlatformError(code, `parameter ${name} must be a plain value`);
    into[name] = String(value);
  }
}

export function collectParams(query: Raw, body: unknown, code: ErrorCode = ErrorCode.FC_INVALID_PARAMETER): Record<string, string> {
  const params: Record<string, string> = {};
  flatten(query, 'query string', params, code);
  if (body !== undefined && body !== null && typeof body !== 'object') throw new PlatformError(code, 'request body must be a form or a JSON object');
  flatten(body as Raw, 'body', params, code);
  return params;
}
