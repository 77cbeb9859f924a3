/**
 * Admin request bodies travel as `unknown` in their RPC contracts and are validated by the owning service
 * with the body schema, so that a bad field answers ADMIN_VALIDATION_FAILED naming it (the generic contract
 * validation would answer FC_INVALID_PARAMETER).
 */
import type { z } from 'zod';
import { ErrorCode } from './error-codes';
import { PlatformError } from './platform-error';

export function parseAdminBody<S extends z.ZodTypeAny>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const keys = issue && 'keys' in issue && Array.isArray(issue.keys) ? (issue.keys as string[]) : [];
  const field = keys.length > 0 ? keys.join(', ') : issue && issue.path.length > 0 ? issue.path.map(String).join('.') : 'body';
  throw new PlatformError(ErrorCode.ADMIN_VALIDATION_FAILED, `invalid field ${field}: ${issue?.message ?? 'invalid'}`);
}
