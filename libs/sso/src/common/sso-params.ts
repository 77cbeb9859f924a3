/** Parameters of the signed SSO operations (spec 4.1): present, non-empty, within bounds, printable. */
import { ErrorCode, hasControlCharacter, PlatformError } from '@dcp/contracts';

export function requiredParam(params: Record<string, string>, name: string, maxLength: number): string {
  const value = params[name];
  if (value === undefined || value === '') throw new PlatformError(ErrorCode.SSO_PARAMETER_INVALID, `parameter ${name} is required`);
  if (value.length > maxLength) throw new PlatformError(ErrorCode.SSO_PARAMETER_INVALID, `parameter ${name} is longer than ${maxLength} characters`);
  // No token, uuid or operation holds one; a NUL would otherwise reach PostgreSQL, which cannot store it (R4).
  if (hasControlCharacter(value)) throw new PlatformError(ErrorCode.SSO_PARAMETER_INVALID, `parameter ${name} must not contain control characters`);
  return value;
}

export function enumParam<T extends string>(params: Record<string, string>, name: string, allowed: readonly T[]): T {
  const value = requiredParam(params, name, 64);
  if (!(allowed as readonly string[]).includes(value)) {
    throw new PlatformError(ErrorCode.SSO_PARAMETER_INVALID, `parameter ${name} must be one of ${allowed.join(', ')}`);
  }
  return value as T;
}
