/** Parameter checks the catalogue cannot express (the edge already checked presence, lengths and integer types). */
import { ErrorCode, PlatformError, normalizeMac } from '@dcp/contracts';

/** The canonical MAC in parameter `name`; a value that is not a MAC → 000006 naming the parameter. */
export function macParam(params: Record<string, string>, name: string): string {
  const mac = normalizeMac(params[name] ?? '');
  if (mac === undefined) throw new PlatformError(ErrorCode.FC_INVALID_PARAMETER, `parameter ${name} is not a MAC address (12 hexadecimal digits, optionally separated by ":" or "-")`);
  return mac;
}
