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

export function manufacturerNotFound(oemCode: string): PlatformError {
  return new PlatformError(ErrorCode.ADMIN_NOT_FOUND, `no manufacturer with oemCode ${oemCode.slice(0, 64)}`);
}

export function manufacturerExists(oemCode: string): PlatformError {
  return new PlatformError(ErrorCode.ADMIN_CONFLICT, `a manufacturer with oemCode ${oemCode} is already registered`);
}
