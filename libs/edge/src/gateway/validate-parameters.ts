/**
 * Validation derived from the operation catalogue (spec 4.4/4.5): required, maximum length, integer types
 * and closed value sets. Every failure is FC_INVALID_PARAMETER (000006) naming the parameter — or the
 * operation's own code for an empty one (firmware.latest: 000005) — raised before any service is called.
 */
import { ErrorCode, type OperationSpec, type ParamSpec, PlatformError } from '@dcp/contracts';

const INTEGER = /^-?\d+$/;

function fail(detail: string): never {
  throw new PlatformError(ErrorCode.FC_INVALID_PARAMETER, detail);
}

function checkOne(op: OperationSpec, spec: ParamSpec, raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') {
    if (!spec.required) return undefined;
    if (raw === '' && op.emptyParameterCode) throw new PlatformError(ErrorCode[op.emptyParameterCode], `parameter ${spec.name} is empty`);
    fail(`parameter ${spec.name} is required`);
  }
  const value = spec.type === 'string' ? raw : raw.trim();
  if (spec.maxLength !== undefined && value.length > spec.maxLength) fail(`parameter ${spec.name} exceeds ${spec.maxLength} characters`);
  if (spec.minLength !== undefined && value.length < spec.minLength) fail(`parameter ${spec.name} must have at least ${spec.minLength} characters`);
  if (spec.type !== 'string') {
    if (!INTEGER.test(value)) fail(`parameter ${spec.name} must be an integer`);
    const n = Number(value);
    if (spec.type === 'int' && !Number.isSafeInteger(n)) fail(`parameter ${spec.name} is out of range`);
    if (spec.type === 'long' && BigInt(value) > 9223372036854775807n) fail(`parameter ${spec.name} is out of range`);
    if (spec.allowed && !spec.allowed.includes(n)) fail(`parameter ${spec.name} must be one of ${spec.allowed.join(', ')}`);
  }
  return value;
}

/** Returns only the catalogue's parameters, validated; unknown extra parameters are dropped. */
export function validateParameters(op: OperationSpec, params: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const spec of op.params) {
    const v = checkOne(op, spec, params[spec.name]);
    if (v !== undefined) out[spec.name] = v;
  }
  return out;
}
