/** Admin bodies are validated here (not by the RPC contract) so that errors name the field as ADMIN_VALIDATION_FAILED. */
import { ErrorCode, PlatformError } from '@dcp/contracts';
import type { z } from 'zod';

export function parseAdminBody<S extends z.ZodTypeAny>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const keys = issue && 'keys' in issue && Array.isArray(issue.keys) ? (issue.keys as string[]) : [];
  const field = keys.length > 0 ? keys.join(', ') : issue && issue.path.length > 0 ? issue.path.map(String).join('.') : 'body';
  throw new PlatformError(ErrorCode.ADMIN_VALIDATION_FAILED, `invalid field ${field}: ${issue?.message ?? 'invalid'}`);
}

/** A refresh token that dies before the access tokens it refreshes would be pointless. */
export function assertTtlOrder(accessTtl: number, refreshTtl: number): void {
  if (refreshTtl < accessTtl) {
    throw new PlatformError(ErrorCode.ADMIN_VALIDATION_FAILED, `invalid field refreshTokenTtlSeconds: must be at least accessTokenTtlSeconds (${accessTtl})`);
  }
}

export function merchantNotFound(clientId: string): PlatformError {
  return new PlatformError(ErrorCode.ADMIN_NOT_FOUND, `no merchant with clientId ${clientId.slice(0, 64)}`);
}
