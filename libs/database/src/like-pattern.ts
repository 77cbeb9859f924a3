/**
 * Prisma's `contains`, `startsWith` and `endsWith` become LIKE / ILIKE patterns without escaping the operand,
 * so an operator's `%` or `_` would match anything. Escaped with PostgreSQL's default escape character (the
 * backslash, itself escaped first), the text is matched literally.
 */
export function escapeLikeWildcards(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
