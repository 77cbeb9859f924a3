/** Spec 2.3: the user object a merchant endpoint returns, checked before it reaches the database. */
import { hasControlCharacter } from '@dcp/contracts';
import { z } from 'zod';

/** A NUL cannot be stored by PostgreSQL and no name or id holds a control character: the answer is invalid (C2). */
const printable = (value: string) => !hasControlCharacter(value);
const NO_CONTROL_CHARACTERS = { message: 'must not contain control characters' };

/** Optional text: absent or null becomes '' (spec: "may be empty"); anything else must be a string. */
const text = (max: number) =>
  z
    .string()
    .max(max)
    .refine(printable, NO_CONTROL_CHARACTERS)
    .nullish()
    .transform((v) => v ?? '');

export const merchantUserSchema = z.object({
  // Checked as sent: a trailing line break is refused, not trimmed away like the surrounding spaces.
  uuid: z.string().refine(printable, NO_CONTROL_CHARACTERS).trim().min(1).max(128),
  username: text(320),
  name: text(200),
  nickname: text(200),
  phone: text(64),
  country: text(64),
});

export type MerchantUser = z.infer<typeof merchantUserSchema>;

/** What a merchant endpoint said: the user, or a refusal (HTTP 401 or a non-empty errorCode). */
export type MerchantAnswer = { kind: 'user'; user: MerchantUser } | { kind: 'refused'; errorCode: string; failureDetails: string };
