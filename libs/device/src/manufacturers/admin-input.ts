/** Admin refusals of this service (bodies are parsed with parseAdminBody from @dcp/contracts). */
import { ErrorCode, PlatformError } from '@dcp/contracts';

export function manufacturerNotFound(oemCode: string): PlatformError {
  return new PlatformError(ErrorCode.ADMIN_NOT_FOUND, `no manufacturer with oemCode ${oemCode.slice(0, 64)}`);
}

export function manufacturerExists(oemCode: string): PlatformError {
  return new PlatformError(ErrorCode.ADMIN_CONFLICT, `a manufacturer with oemCode ${oemCode} is already registered`);
}
