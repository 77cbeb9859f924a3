/** Admin refusals of this service (bodies are parsed with parseAdminBody from @dcp/contracts). */
import { ErrorCode, PlatformError } from '@dcp/contracts';

/** A refresh token that dies before the access tokens it refreshes would be pointless. */
export function assertTtlOrder(accessTtl: number, refreshTtl: number): void {
  if (refreshTtl < accessTtl) {
    throw new PlatformError(ErrorCode.ADMIN_VALIDATION_FAILED, `invalid field refreshTokenTtlSeconds: must be at least accessTokenTtlSeconds (${accessTtl})`);
  }
}

export function merchantNotFound(clientId: string): PlatformError {
  return new PlatformError(ErrorCode.ADMIN_NOT_FOUND, `no merchant with clientId ${clientId.slice(0, 64)}`);
}
