/** Request bodies of the sandbox management API. Unknown fields are refused, so typos surface. */
import { z } from 'zod';
import { SandboxError, sandboxFailure } from './sandbox-errors';

const text = (max: number) => z.string().max(max);
const required = (max: number) => z.string().min(1).max(max);

export const createUserBody = z.strictObject({
  uuid: required(64).optional(),
  username: required(128),
  name: required(128),
  nickname: text(128).optional(),
  phone: text(32).optional(),
  country: text(64).optional(),
});

/** uuid is immutable (spec 2.3), so it cannot be changed here. */
export const updateUserBody = z.strictObject({
  username: required(128).optional(),
  name: required(128).optional(),
  nickname: text(128).optional(),
  phone: text(32).optional(),
  country: text(64).optional(),
});

export const issueTokenBody = z.strictObject({
  ttlSeconds: z.number().int().positive().max(366 * 24 * 3600).optional(),
});

/** Parses a body (absent = `{}`), or throws the sandbox's 400 naming every problem. */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const problems = result.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message));
  throw sandboxFailure(SandboxError.BadRequest, problems.join('; '));
}

/** PUT /sandbox/signature: the whole policy (omitted or null clientSecret = checking off). */
export const signaturePolicyBody = z.strictObject({
  clientSecret: z.string().min(1).max(256).nullable().optional(),
  clientId: z.string().min(1).max(64).nullable().optional(),
  requireSignature: z.boolean().optional(),
});
