/** Spec 2.3: the user object a merchant endpoint returns, checked before it reaches the database. */
import { z } from 'zod';

/** Optional text: absent or null becomes '' (spec: "may be empty"); anything else must be a string. */
const text = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((v) => v ?? '');

export const merchantUserSchema = z.object({
  uuid: z.string().trim().min(1).max(128),
  username: text(320),
  name: text(200),
  nickname: text(200),
  phone: text(64),
  country: text(64),
});

export type MerchantUser = z.infer<typeof merchantUserSchema>;

/** What a merchant endpoint said: the user, or a refusal (HTTP 401 or a non-empty errorCode). */
export type MerchantAnswer = { kind: 'user'; user: MerchantUser } | { kind: 'refused'; errorCode: string; failureDetails: string };
