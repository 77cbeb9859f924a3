/** Building blocks of the admin contracts shared by every service's operator API. */
import { z } from 'zod';
import { hasControlCharacter } from './text';

/** An absolute http(s) URL without credentials, at most `maxLength` characters. */
export function httpUrlSchema(maxLength: number) {
  return z
    .string()
    .max(maxLength)
    .refine((value) => {
      try {
        const u = new URL(value);
        return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname && !u.username && !u.password;
      } catch {
        return false;
      }
    }, 'must be an absolute http(s) URL without credentials');
}

/** `limit` (1–500) and `offset` of a list operation, as query-string text or numbers. */
export const pageRequestSchema = z.object({ limit: z.coerce.number().int().min(1).max(500).optional(), offset: z.coerce.number().int().min(0).optional() });

/** Page size of a list operation when the operator gives none. */
export const DEFAULT_PAGE_SIZE = 100;

/** The page a list request asks for, with the defaults filled in (the contract already checked the ranges). */
export function resolvePage(req: { limit?: number; offset?: number }): { limit: number; offset: number } {
  return { limit: req.limit ?? DEFAULT_PAGE_SIZE, offset: req.offset ?? 0 };
}

/** Longest `q` (search text) a list filter accepts. */
export const MAX_SEARCH_TEXT_LENGTH = 100;

/**
 * `q` of a list: text a name (or code) contains, compared case-insensitively. Trimmed; empty after trimming
 * means no filter (undefined). Control characters are refused (PostgreSQL cannot even hold a NUL).
 */
export const searchTextSchema = z
  .string()
  .max(MAX_SEARCH_TEXT_LENGTH, `must be at most ${MAX_SEARCH_TEXT_LENGTH} characters`)
  .refine((value) => !hasControlCharacter(value), 'must not contain control characters')
  .transform((value) => value.trim() || undefined);

/** A yes/no query parameter: exactly the text `true` or `false`. */
export const booleanQuerySchema = z.enum(['true', 'false'], { error: 'must be true or false' }).transform((value) => value === 'true');
